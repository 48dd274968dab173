import { getAudioPairs, postAudioPair } from '@platform/contracts';
import { describeServiceBasics } from '@platform/service-kit/testing';
import { buildApp } from './app';

// Audio pairs (Donate) are declared for the screens to come; the speech service does not serve them yet.
describeServiceBasics('speech', buildApp, [postAudioPair, getAudioPairs]);
