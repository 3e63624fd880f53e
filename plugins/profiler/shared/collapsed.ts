/**
 * Excimer's collapsed stacks (`ExcimerLog::formatCollapsed()`: one line per distinct stack, `frame;frame;… count`,
 * outermost frame first) → stacks, the call tree a flame graph draws, self time per function, and the difference
 * of two profiles. Pure: used by the server (listing, comparing, exporting) and the web (the flame graph).
 */

export interface Stack {
  frames: string[];
  samples: number;
}

/** A node of the call tree: `total` samples in it and below, `self` samples with it at the top of the stack. */
export interface FrameNode {
  name: string;
  total: number;
  self: number;
  children: FrameNode[];
}

/**
 * Parses collapsed lines. Excimer starts every line after the first with `;` (an empty outermost frame): empty
 * frames are dropped; lines without a positive count are skipped; equal stacks are added up.
 */
export function parseCollapsed(text: string): Stack[] {
  const byKey = new Map<string, Stack>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const samples = Number(line.slice(space + 1));
    if (!Number.isSafeInteger(samples) || samples <= 0) continue;
    const frames = line
      .slice(0, space)
      .split(';')
      .filter((f) => f.length > 0);
    if (!frames.length) continue;
    const key = frames.join(';');
    const seen = byKey.get(key);
    if (seen) seen.samples += samples;
    else byKey.set(key, { frames, samples });
  }
  return [...byKey.values()];
}

/** Stacks → collapsed lines as speedscope and flamegraph.pl read them (no empty frames). */
export function formatCollapsed(stacks: readonly Stack[]): string {
  return stacks.map((s) => `${s.frames.join(';')} ${s.samples}`).join('\n') + (stacks.length ? '\n' : '');
}

/** The call tree under one root (`all`), children in name order (a flame graph is sorted, not a timeline). */
export function buildTree(stacks: readonly Stack[], rootName = 'all'): FrameNode {
  const root: FrameNode = { name: rootName, total: 0, self: 0, children: [] };
  for (const s of stacks) {
    root.total += s.samples;
    let node = root;
    for (const name of s.frames) {
      let child = node.children.find((c) => c.name === name);
      if (!child) {
        child = { name, total: 0, self: 0, children: [] };
        node.children.push(child);
      }
      child.total += s.samples;
      node = child;
    }
    node.self += s.samples;
  }
  const sort = (n: FrameNode) => {
    n.children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    n.children.forEach(sort);
  };
  sort(root);
  return root;
}

/** Samples at the top of the stack per function (its self time in samples). */
export function selfSamples(stacks: readonly Stack[]): Map<string, number> {
  const self = new Map<string, number>();
  for (const s of stacks) {
    const top = s.frames[s.frames.length - 1]!;
    self.set(top, (self.get(top) ?? 0) + s.samples);
  }
  return self;
}

export interface FunctionDelta {
  name: string;
  baseMs: number;
  otherMs: number;
  deltaMs: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * The self time of every function in two profiles (samples × each profile's period) and the difference
 * (other − base), largest change first, then by name; at most `limit` functions.
 */
export function diffProfiles(
  base: { stacks: readonly Stack[]; periodMs: number },
  other: { stacks: readonly Stack[]; periodMs: number },
  limit = 200,
): FunctionDelta[] {
  const a = selfSamples(base.stacks);
  const b = selfSamples(other.stacks);
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names]
    .map((name) => {
      const baseMs = round((a.get(name) ?? 0) * base.periodMs);
      const otherMs = round((b.get(name) ?? 0) * other.periodMs);
      return { name, baseMs, otherMs, deltaMs: round(otherMs - baseMs) };
    })
    .sort((x, y) => Math.abs(y.deltaMs) - Math.abs(x.deltaMs) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .slice(0, limit);
}
