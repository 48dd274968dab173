import { screen, within } from '@testing-library/react';
import type { DemoClip } from '@platform/contracts';
import { renderWithPlatform } from '@platform/remote-kit/testing';
import { errorReply, installFakeServer } from '@platform/store/testing';
import type { FakeReply, FakeServer } from '@platform/store/testing';
import { DemoSection } from './DemoSection';
import { pageUrl, speakPage } from '@platform/contracts/client';

const clip = (over: Partial<DemoClip> = {}): DemoClip => ({
  id: '65f0000000000000000000a1',
  sentence: 'Ẹ kú àárọ̀, ẹ jọ̀wọ́ ẹ wọlé.',
  language: 'yo',
  dataset: 'Yoruba Read Speech',
  version: 3,
  durationMs: 3400,
  audioUrl: '/api/public/demo/65f0000000000000000000a1/audio',
  ...over,
});

// jsdom plays nothing: play and pause change the element's state and fire the events a browser would.
const sounding = new WeakSet<HTMLMediaElement>();
beforeEach(() => {
  jest.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return !sounding.has(this);
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    sounding.add(this);
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    sounding.delete(this);
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => jest.restoreAllMocks());

let server: FakeServer;
function renderDemo(...replies: FakeReply[]) {
  server = installFakeServer();
  let call = 0;
  server.on('GET /api/public/demo', () => replies[Math.min(call++, replies.length - 1)]!);
  return renderWithPlatform(<DemoSection />);
}

describe("the demo ('See it in action')", () => {
  it('shows a published recording: its sentence in its language, the language, dataset and release', async () => {
    renderDemo({ body: { clip: clip() } });
    const section = screen.getByRole('region', { name: 'See it in action' });
    const sentence = await within(section).findByText('Ẹ kú àárọ̀, ẹ jọ̀wọ́ ẹ wọlé.');
    expect(sentence).toHaveAttribute('lang', 'yo');
    expect(sentence).toHaveAttribute('translate', 'no');
    expect(within(section).getByText('Yoruba')).toBeInTheDocument();
    expect(within(section).getByText('From Yoruba Read Speech, release 3')).toBeInTheDocument();
    const audio = section.querySelector('audio')!;
    expect(audio).toHaveAttribute('src', '/api/public/demo/65f0000000000000000000a1/audio');
    expect(audio).toHaveAttribute('preload', 'none');
  });

  it('plays and pauses the recording with one button that says what it will do', async () => {
    const { user } = renderDemo({ body: { clip: clip() } });
    const play = await screen.findByRole('button', { name: 'Play recording' });
    await user.click(play);
    const pause = screen.getByRole('button', { name: 'Pause recording' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    await user.click(pause);
    expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it('asks for another recording with Play another, and plays it', async () => {
    const { user } = renderDemo(
      { body: { clip: clip() } },
      {
        body: {
          clip: clip({
            id: '65f0000000000000000000b2',
            sentence: 'Nnọọ, kedu ka ị mere?',
            language: 'ig',
            dataset: 'Igbo Read Speech',
            version: 1,
          }),
        },
      },
    );
    await screen.findByText('Ẹ kú àárọ̀, ẹ jọ̀wọ́ ẹ wọlé.');
    await user.click(screen.getByRole('button', { name: 'Play another' }));
    const next = await screen.findByText('Nnọọ, kedu ka ị mere?');
    expect(next).toHaveAttribute('lang', 'ig');
    expect(screen.getByText('Igbo')).toBeInTheDocument();
    expect(screen.getByText('From Igbo Read Speech, release 1')).toBeInTheDocument();
    expect(server.calls('GET /api/public/demo')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: 'Pause recording' })).toBeInTheDocument();
  });

  it('says honestly that nothing is published yet, and where to start recording', async () => {
    renderDemo({ body: { clip: null } });
    expect(
      await screen.findByRole('heading', { name: 'No recording has been published yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Record the first sentences' })).toHaveAttribute(
      'href',
      pageUrl(speakPage),
    );
    expect(screen.queryByRole('button', { name: 'Play recording' })).toBeNull();
    expect(document.querySelector('audio')).toBeNull();
  });

  it('says when the recording cannot be loaded, and tries again', async () => {
    const { user } = renderDemo(errorReply(404, 'Not Found'), { body: { clip: clip() } });
    expect(
      await screen.findByRole('heading', { name: 'The recording could not be loaded.' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ẹ kú àárọ̀, ẹ jọ̀wọ́ ẹ wọlé.')).toBeInTheDocument();
  });
});
