import { postSentence, postSentenceBatch, postSentenceBulk } from '@platform/contracts';
import { describeServiceBasics } from '@platform/service-kit/testing';
import { buildApp } from './app';

// Write is declared for the screens to come; the text service does not serve it yet.
describeServiceBasics('text', buildApp, [postSentence, postSentenceBatch, postSentenceBulk]);
