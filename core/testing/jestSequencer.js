/**
 * Jest's order with the group files (core/testing/groups, JEST_GROUPS=1) first: they are the longest files of
 * the run but small on disk, so on a clone without Jest's timing cache they would otherwise start last and leave
 * one worker running a group alone at the end. Plain JavaScript: Jest loads it with Node.
 */
import TestSequencer from '@jest/test-sequencer';

const isGroup = (test) => test.path.includes('/core/testing/groups/');

export default class GroupsFirst extends TestSequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    return [...sorted.filter(isGroup), ...sorted.filter((test) => !isGroup(test))];
  }
}
