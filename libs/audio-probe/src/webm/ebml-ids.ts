/** The few Matroska/WebM element IDs the demuxer looks at (https://www.matroska.org/technical/elements.html). */
export const EbmlId = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  Cluster: 0x1f43b675,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
} as const;

/** Elements a Cluster may contain; any other ID closes a Cluster written with an unknown size. */
export const CLUSTER_CHILDREN: ReadonlySet<number> = new Set([
  0xe7, // Timecode
  0x5854, // SilentTracks
  0xa7, // Position
  0xab, // PrevSize
  EbmlId.SimpleBlock,
  EbmlId.BlockGroup,
  0xaf, // EncryptedBlock
  0xec, // Void
  0xbf, // CRC-32
]);

export const TrackType = { video: 1, audio: 2 } as const;
