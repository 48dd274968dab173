// No @platform import here: an inspection thread loads this module, and loading the contracts would
// double the time a thread takes to start. The depth comes from the caller (DATASET_UPLOAD_JSON_MAX_DEPTH).
import { JSONParser, TokenType, type JsonTypes, type ParsedElementInfo } from '@streamparser/json';

export { TokenType };
type JsonPrimitive = JsonTypes.JsonPrimitive;

/** Thrown out of the parser (to its onError) at the first bracket past the deepest level allowed. */
export class JsonTooDeepError extends Error {
  constructor(maxDepth: number) {
    super(`The JSON nests deeper than ${maxDepth} levels.`);
    this.name = 'JsonTooDeepError';
  }
}

/** A token as the parser met it, with how many containers enclose it (a bracket: the one it opens or closes). */
export interface DepthToken {
  token: TokenType;
  /** A string's text, a number, true, false or null; the punctuation itself for the others. */
  value: JsonPrimitive;
  /** The byte offset of the token in the stream. */
  offset: number;
  /** 0 for the root's own brackets, 1 inside the root, and so on. */
  depth: number;
}

export interface BoundedJsonParser {
  write(bytes: Uint8Array): void;
  end(): void;
  /** The document parsed to its end without an error. */
  readonly isEnded: boolean;
  /** True once the input went past `maxDepth` (the parser then refuses everything after). */
  readonly tooDeep: boolean;
}

const OPENING = new Set([TokenType.LEFT_BRACE, TokenType.LEFT_BRACKET]);
const CLOSING = new Set([TokenType.RIGHT_BRACE, TokenType.RIGHT_BRACKET]);

/**
 * A streaming JSON parser (@streamparser/json) that refuses nesting past `maxDepth` as soon as the bracket
 * that goes past it arrives. The parser keeps one stack entry per open bracket, so without a bound a few
 * megabytes of `[` alone would hold millions of them (seconds of work, then the heap). `paths` chooses the values handed to `onValue` (the library's
 * selectors); a completed value no selector wants is dropped from its parent at once, so with `paths: []`
 * the parser only checks the grammar and holds nothing but the open levels and the token being read.
 * `onToken` sees every token with its depth. Errors, invalid JSON and too deep alike, go to `onError`
 * (once); `write` and `end` never throw.
 */
export function boundedJsonParser(handlers: {
  maxDepth: number;
  paths: string[];
  onValue?: (info: ParsedElementInfo) => void;
  onToken?: (token: DepthToken) => void;
  onError: (error: Error) => void;
}): BoundedJsonParser {
  const parser = new JSONParser({ paths: handlers.paths, keepStack: false });
  let depth = 0;
  let tooDeep = false;
  let failed = false;
  parser.onToken = ({ token, value, offset }) => {
    if (OPENING.has(token)) {
      if (depth >= handlers.maxDepth) {
        tooDeep = true;
        // Thrown from here, it stops the tokenizer before the token parser opens this level.
        throw new JsonTooDeepError(handlers.maxDepth);
      }
      handlers.onToken?.({ token, value, offset, depth });
      depth += 1;
    } else if (CLOSING.has(token)) {
      depth -= 1;
      handlers.onToken?.({ token, value, offset, depth });
    } else {
      handlers.onToken?.({ token, value, offset, depth });
    }
  };
  parser.onValue = handlers.onValue ?? (() => undefined);
  const fail = (error: Error) => {
    // The tokenizer reports every later chunk as an error too: the first one is the reason.
    if (failed) return;
    failed = true;
    handlers.onError(tooDeep ? new JsonTooDeepError(handlers.maxDepth) : error);
  };
  parser.onError = fail;
  return {
    write(bytes) {
      if (failed) return;
      try {
        parser.write(bytes);
      } catch (error) {
        fail(error as Error);
      }
    },
    end() {
      if (failed || parser.isEnded) return;
      try {
        parser.end();
      } catch (error) {
        fail(error as Error);
      }
    },
    get isEnded() {
      return !failed && parser.isEnded;
    },
    get tooDeep() {
      return tooDeep;
    },
  };
}
