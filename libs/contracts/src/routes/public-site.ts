import { Type } from '@sinclair/typebox';
import {
  DemoAudioParams,
  DemoQuery,
  DemoReply,
  InquiryListQuery,
  InquiryPage,
  NewsletterAccepted,
  NewsletterBody,
  NewsletterStatus,
  NewsletterTokenBody,
  PublicLanguages,
  PublicStats,
  SpeechFigures,
  TextFigures,
} from '../public-site';
import { defineRoute } from '../route';

const tag = 'public';

/** The landing page's counters: computed from both services' data, cached by the gateway. */
export const getPublicStats = defineRoute({
  name: 'getPublicStats',
  method: 'GET',
  path: '/api/public/stats',
  owner: 'gateway',
  access: 'public',
  summary: 'Languages with data, active contributors, data points and validation accuracy',
  tag,
  reply: { 200: PublicStats },
  errors: [503],
});

/** /languages: one row per platform language, cached like the counters. */
export const getPublicLanguages = defineRoute({
  name: 'getPublicLanguages',
  method: 'GET',
  path: '/api/public/languages',
  owner: 'gateway',
  access: 'public',
  summary: 'Hours recorded and validated, speakers, sentences and text pairs per language',
  tag,
  reply: { 200: PublicLanguages },
  errors: [503],
});

/** The landing page's 'See it in action': a validated recording that a published release carries. */
export const getPublicDemo = defineRoute({
  name: 'getPublicDemo',
  method: 'GET',
  path: '/api/public/demo',
  owner: 'speech',
  access: 'public',
  summary: 'A published, validated recording with its sentence (null before any release)',
  tag,
  query: DemoQuery,
  reply: { 200: DemoReply },
});

/** The demo recording's audio: only recordings a published release carries are served here. */
export const getPublicDemoAudio = defineRoute({
  name: 'getPublicDemoAudio',
  method: 'GET',
  path: '/api/public/demo/:id/audio',
  owner: 'speech',
  access: 'public',
  summary: 'A published recording’s audio (byte ranges supported)',
  tag,
  params: DemoAudioParams,
  reply: {
    200: Type.Unknown({ description: 'The audio bytes' }),
    206: Type.Unknown({ description: 'One byte range of the audio' }),
  },
  errors: [404, 416],
});

/** The footer's newsletter box: mails a confirmation link (double opt-in). Same 202 for every address. */
export const postNewsletter = defineRoute({
  name: 'postNewsletter',
  method: 'POST',
  path: '/api/newsletter',
  owner: 'gateway',
  access: 'public',
  summary: 'Ask for the newsletter (a confirmation link is mailed)',
  tag,
  body: NewsletterBody,
  reply: { 202: NewsletterAccepted },
  errors: [429],
});

/** The confirmation link's page posts its token here. */
export const postNewsletterConfirm = defineRoute({
  name: 'postNewsletterConfirm',
  method: 'POST',
  path: '/api/newsletter/confirm',
  owner: 'gateway',
  access: 'public',
  summary: 'Confirm a newsletter subscription',
  tag,
  body: NewsletterTokenBody,
  reply: { 200: NewsletterStatus },
  errors: [404],
});

/** Every newsletter mail carries an unsubscribe link; its page posts the token here. */
export const postNewsletterUnsubscribe = defineRoute({
  name: 'postNewsletterUnsubscribe',
  method: 'POST',
  path: '/api/newsletter/unsubscribe',
  owner: 'gateway',
  access: 'public',
  summary: 'Stop the newsletter',
  tag,
  body: NewsletterTokenBody,
  reply: { 200: NewsletterStatus },
  errors: [404],
});

/** Contact inquiries, for admins: searched, filtered and paged on the server, newest first. */
export const getInquiries = defineRoute({
  name: 'getInquiries',
  method: 'GET',
  path: '/api/admin/inquiries',
  owner: 'gateway',
  access: ['admin'],
  summary: 'Contact inquiries, newest first',
  tag,
  query: InquiryListQuery,
  reply: { 200: InquiryPage },
});

/** Internal, gateway → speech: the speech side of the public figures. */
export const getInternalSpeechFigures = defineRoute({
  name: 'getInternalSpeechFigures',
  method: 'GET',
  path: '/internal/public/speech-figures',
  owner: 'speech',
  access: 'service',
  summary: 'Recordings, hours, speakers, donations and recent contributors',
  tag: 'internal',
  reply: { 200: SpeechFigures },
});

/** Internal, gateway → text: the text side of the public figures. */
export const getInternalTextFigures = defineRoute({
  name: 'getInternalTextFigures',
  method: 'GET',
  path: '/internal/public/text-figures',
  owner: 'text',
  access: 'service',
  summary: 'Sentences, text pairs and recent contributors',
  tag: 'internal',
  reply: { 200: TextFigures },
});
