import type { CollectionIndexes } from '@platform/service-kit';
import { DC, RELEASE_BUCKET } from './dataset-collections';

/** Indexes of the datasets feature (part of SPEECH_INDEXES); each names the query it serves. */
export const DATASET_INDEXES: CollectionIndexes[] = [
  {
    collection: DC.datasets,
    indexes: [
      // Names are unique regardless of case (409 dataset.name_taken), under any concurrency.
      { key: { nameKey: 1 }, name: 'name_key_unique', unique: true },
      // The platform defines one dataset per language, once, even with several speech processes.
      {
        key: { seededFor: 1 },
        name: 'seeded_for_unique',
        unique: true,
        partialFilterExpression: { seededFor: { $exists: true } },
      },
      // Browse Datasets: newest publish first, alone or with the language or category filter.
      { key: { publishedAt: -1, createdAt: -1, _id: -1 }, name: 'newest_published' },
      { key: { language: 1, publishedAt: -1, createdAt: -1 }, name: 'language_newest' },
      { key: { category: 1, publishedAt: -1, createdAt: -1 }, name: 'category_newest' },
    ],
  },
  {
    collection: DC.releases,
    indexes: [
      // One release per number: two publishes at once cannot both take the next version.
      { key: { datasetId: 1, version: -1 }, name: 'dataset_version_unique', unique: true },
      // At most one build at a time per dataset (409 release.build_running), under any concurrency.
      {
        key: { datasetId: 1 },
        name: 'dataset_building_unique',
        unique: true,
        partialFilterExpression: { status: 'building' },
      },
      // The stat cards: the latest published release of each dataset.
      { key: { status: 1, datasetId: 1, version: -1 }, name: 'status_dataset_version' },
    ],
  },
  {
    collection: DC.downloads,
    indexes: [
      // Download History: a person's own downloads, newest first.
      { key: { userId: 1, createdAt: -1 }, name: 'user_newest' },
      // Downloads per dataset (cards) and per release (older releases listed).
      { key: { datasetId: 1 }, name: 'dataset' },
      { key: { releaseId: 1 }, name: 'release' },
    ],
  },
  // Licence acceptances are found by `_id` (`${userId}:${datasetId}`), which is always indexed.
  {
    collection: `${RELEASE_BUCKET}.files`,
    indexes: [{ key: { filename: 1, uploadDate: 1 }, name: 'filename_uploadDate' }],
  },
  {
    collection: `${RELEASE_BUCKET}.chunks`,
    indexes: [{ key: { files_id: 1, n: 1 }, name: 'files_id_n_unique', unique: true }],
  },
];
