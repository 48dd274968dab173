// AudioWorklet processor of Donate Your Voice: hands the microphone's samples (Float32, mono: the node
// down-mixes its input to one channel) to the page in blocks of 4096, and everything still held when the
// page sends 'flush', followed by 'flushed'. Plain JavaScript, served as a file of the remote's own build
// (pcmCapture.ts loads it by URL), because a worklet runs in its own scope without the page's modules.
const BLOCK = 4096;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(BLOCK);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') {
        this.send();
        this.port.postMessage('flushed');
      }
    };
  }

  send() {
    if (this.filled === 0) return;
    const block = this.buffer.slice(0, this.filled);
    this.filled = 0;
    this.port.postMessage(block, [block.buffer]);
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) {
      let offset = 0;
      while (offset < channel.length) {
        const count = Math.min(channel.length - offset, BLOCK - this.filled);
        this.buffer.set(channel.subarray(offset, offset + count), this.filled);
        this.filled += count;
        offset += count;
        if (this.filled === BLOCK) this.send();
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
