// MongoDB's error codes for the failures this server reports; replies carry code, codeName and errmsg.
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  TransactionTooOld: 225,
  OperationNotSupportedInTransaction: 263,
  DocumentValidationFailure: 121,
  DuplicateKey: 11000,
  Location40573: 40573,
  InvalidPipelineOperator: 168,
  Location15974: 15974,
  NotImplemented: 238,
  BSONObjectTooLarge: 10334,
  ExclusionInInclusionProjection: 31_254,
} as const;

const codeNames: Record<number, string> = {};
for (const [name, code] of Object.entries(ErrorCodes)) codeNames[code] = name;
codeNames[40573] = 'Location40573';
// MongoDB names this code after its number, as it does 40573.
codeNames[ErrorCodes.ExclusionInInclusionProjection] = `Location${ErrorCodes.ExclusionInInclusionProjection}`;

export class MongoServerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  get codeName(): string {
    return codeNames[this.code] ?? `Location${this.code}`;
  }
}

export const fail = (code: number, message: string, extra?: Record<string, unknown>): never => {
  throw new MongoServerError(code, message, extra);
};
