import { describeServiceBasics } from '@platform/service-kit/testing';
import { buildApp } from './app';

describeServiceBasics('speech', buildApp);
