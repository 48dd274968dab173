import { describeServiceBasics } from '@platform/service-kit/testing';
import { buildApp } from './app';

// Every route declared for the text service is served.
describeServiceBasics('text', buildApp, []);
