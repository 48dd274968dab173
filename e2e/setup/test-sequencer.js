// @ts-check
// The files share one platform and its database. The offline files leave recordings that are waiting for
// votes (takes made offline, clips voted on once), and Speak and Listen's file needs a Listen queue holding
// only its own recordings, so the offline files run after every other file; the rest keep Jest's order.
// The fault files (faults/) leave undecided takes and validated Yoruba recordings (which a Yoruba project's
// progress counts), and restart processes: they run after the offline files. The load run (load-*.test.ts)
// leaves many undecided recordings and pending sentences: it runs last of all.
const Sequencer = require('@jest/test-sequencer').default;

const LAST = `${require('node:path').sep}offline${require('node:path').sep}`;
const FAULTS = `${require('node:path').sep}faults${require('node:path').sep}`;
const LOAD = /[\\/]load-[^\\/]*$/;

class OfflineLastSequencer extends Sequencer {
  /**
   * @override
   * @param {import('@jest/test-result').Test[]} tests
   */
  sort(tests) {
    const sorted = /** @type {import('@jest/test-result').Test[]} */ (super.sort(tests));
    const load = sorted.filter((t) => LOAD.test(t.path));
    const rest = sorted.filter((t) => !LOAD.test(t.path));
    return [
      ...rest.filter((t) => !t.path.includes(LAST) && !t.path.includes(FAULTS)),
      ...rest.filter((t) => t.path.includes(LAST)),
      ...rest.filter((t) => t.path.includes(FAULTS)),
      ...load,
    ];
  }
}

module.exports = OfflineLastSequencer;
