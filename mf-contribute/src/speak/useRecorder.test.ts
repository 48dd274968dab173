import { act, renderHook } from '@testing-library/react';
import { FakeMediaRecorder, installMedia, removeMedia } from '../testing/fakeMedia';
import type { MediaFakes } from '../testing/fakeMedia';
import { useRecorder } from './useRecorder';

let media: MediaFakes;

beforeEach(() => {
  media = installMedia();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useRecorder', () => {
  it('goes idle -> recording -> recorded, with a playable take, and releases the microphone', async () => {
    const { result } = renderHook(() => useRecorder());
    expect(result.current.status).toBe('idle');
    await act(() => result.current.start());
    expect(result.current.status).toBe('recording');
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(false);
    act(() => result.current.stop());
    expect(result.current.status).toBe('recorded');
    expect(result.current.take?.url).toBe('blob:take-1');
    expect(result.current.take?.blob.size).toBeGreaterThan(0);
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
  });

  it('re-recording throws the previous take away', async () => {
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    act(() => result.current.stop());
    await act(() => result.current.start());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:take-1');
    expect(result.current.take).toBeNull();
    expect(result.current.status).toBe('recording');
  });

  it('stops by itself at the longest duration the server accepts', async () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useRecorder(15));
    await act(() => result.current.start());
    act(() => jest.advanceTimersByTime(14_900));
    expect(result.current.status).toBe('recording');
    expect(result.current.elapsedSeconds).toBe(14);
    act(() => jest.advanceTimersByTime(200));
    expect(result.current.status).toBe('recorded');
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
  });

  it('discarding while recording leaves no take and frees the microphone', async () => {
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    act(() => result.current.discard());
    expect(result.current.status).toBe('idle');
    expect(result.current.take).toBeNull();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
  });

  it('frees the microphone when the screen goes away mid-take', async () => {
    const { result, unmount } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    unmount();
    expect(media.streams[0]!.tracks[0]!.stopped).toBe(true);
  });

  it('reports a refused permission and a missing microphone differently', async () => {
    media.getUserMedia
      .mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotAllowedError' }))
      .mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    const { result } = renderHook(() => useRecorder());
    await act(() => result.current.start());
    expect(result.current).toMatchObject({ status: 'blocked', problem: 'denied' });
    await act(() => result.current.start());
    expect(result.current).toMatchObject({ status: 'blocked', problem: 'no-device' });
  });

  it('is unsupported without MediaRecorder or getUserMedia', async () => {
    removeMedia();
    const { result } = renderHook(() => useRecorder());
    expect(result.current.status).toBe('unsupported');
    await act(() => result.current.start());
    expect(result.current.status).toBe('unsupported');
  });
});
