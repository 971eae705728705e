// @vitest-environment node
// Reading a process's group and CPU time from /proc/<pid>/stat, whatever its command name holds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cpuSecondsOfGroup, statTimes } from './gateway-processes';

// Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
const stat = (name: string, group: number, utime: number, stime: number) =>
  `4242 (${name}) S 1 ${group} ${group} 0 -1 4194560 1200 0 0 0 ${utime} ${stime} 0 0 20 0 11 0 5000 1000000 3000`;

describe('statTimes', () => {
  it.each([
    ['node', 4242, 150, 30],
    ['npm exec tsx', 77, 1, 0],
    ['a) b (c)', 9, 0, 12],
  ])('reads the group and user + system ticks of "%s"', (name, group, utime, stime) => {
    expect(statTimes(stat(name, group, utime, stime))).toEqual({ group, ticks: utime + stime });
  });

  it('is undefined for a cut line', () => {
    expect(statTimes('4242 (node) S 1 4242')).toBeUndefined();
  });
});

describe('cpuSecondsOfGroup', () => {
  it('counts this process\'s own group (it has used some CPU), and nothing for a group that does not exist', () => {
    const own = statTimes(readFileSync('/proc/self/stat', 'utf8'));
    expect(cpuSecondsOfGroup(own?.group ?? -1)).toBeGreaterThan(0);
    expect(cpuSecondsOfGroup(-5)).toBe(0);
  });
});
