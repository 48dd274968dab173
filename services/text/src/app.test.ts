import {
  getTextPairs,
  postSentence,
  postSentenceBatch,
  postSentenceBulk,
  postTextPair,
} from '@platform/contracts';
import { describeServiceBasics } from '@platform/service-kit/testing';
import { buildApp } from './app';

// Write and text pairs are declared for the screens to come; the text service does not serve them yet.
describeServiceBasics('text', buildApp, [
  postSentence,
  postSentenceBatch,
  postSentenceBulk,
  postTextPair,
  getTextPairs,
]);
