/**
 * A flame graph of one profile as a small SVG of our own (lazily loaded with the profile): the call tree of the
 * collapsed stacks (`shared/collapsed.ts`), the outermost frame at the bottom, each frame as wide as its share of
 * the samples; a frame's title names its samples and share; choosing a frame zooms to it (its callers stay, full
 * width), choosing the bottom frame zooms out. Every frame is a nested `<svg>` with percentage geometry, so the
 * graph follows its container's width and a name is clipped to its frame without measuring text.
 */
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useT } from '../generated/i18n.ts';
import { buildTree, type FrameNode, type Stack } from '../shared/collapsed.ts';

const rowHeight = 20;
const minShare = 0.002;

interface Placed {
  node: FrameNode;
  path: string;
  depth: number;
  x: number;
  width: number;
}

/** A warm colour per function name (as flame graphs have it), light enough for dark text in both themes. */
function colour(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return `hsl(${10 + (h % 40)}, 85%, ${68 + (h % 12)}%)`;
}

/** The frames to draw: the focused node's ancestors full width, its subtree scaled to the whole width. */
function layout(root: FrameNode, focus: string[]): Placed[] {
  const placed: Placed[] = [];
  let node = root;
  let path = '';
  const chain: FrameNode[] = [root];
  for (const name of focus) {
    const next = node.children.find((c) => c.name === name);
    if (!next) break;
    chain.push(next);
    node = next;
  }
  chain.forEach((n, depth) => {
    path = depth ? `${path};${n.name}` : n.name;
    placed.push({ node: n, path, depth, x: 0, width: 1 });
  });
  const focused = chain[chain.length - 1]!;
  const walk = (n: FrameNode, prefix: string, depth: number, x: number, scale: number) => {
    let offset = x;
    for (const c of n.children) {
      const width = (c.total / focused.total) * scale;
      if (width >= minShare) {
        const p = `${prefix};${c.name}`;
        placed.push({ node: c, path: p, depth, x: offset, width });
        walk(c, p, depth + 1, offset, scale);
      }
      offset += width;
    }
  };
  walk(focused, placed[placed.length - 1]!.path, chain.length, 0, 1);
  return placed;
}

export default function FlameGraph({ stacks, testId }: { stacks: readonly Stack[]; testId?: string }) {
  const { t } = useT();
  const root = useMemo(() => buildTree(stacks), [stacks]);
  const [focus, setFocus] = useState<string[]>([]);
  const frames = useMemo(() => layout(root, focus), [root, focus]);
  const depth = Math.max(1, ...frames.map((f) => f.depth + 1));
  const height = depth * rowHeight;
  const percent = (n: number) => `${(n * 100).toFixed(4)}%`;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg
        role="group"
        aria-label={t('flame.label')}
        width="100%"
        height={height}
        data-testid={testId}
        style={{ display: 'block', minWidth: 480, fontFamily: 'monospace', fontSize: 12 }}
      >
        {frames.map((f) => {
          const share = ((f.node.total / (root.total || 1)) * 100).toFixed(1);
          const label = t('flame.frame', { name: f.node.name, samples: f.node.total, percent: share });
          const choose = () => setFocus(f.depth === 0 ? [] : f.path.split(';').slice(1));
          return (
            <svg key={f.path} x={percent(f.x)} y={height - (f.depth + 1) * rowHeight} width={percent(f.width)} height={rowHeight - 1}>
              <g
                role="button"
                tabIndex={0}
                aria-label={label}
                data-frame={f.node.name}
                style={{ cursor: 'pointer' }}
                onClick={choose}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    choose();
                  }
                }}
              >
                <title>{label}</title>
                <rect width="100%" height="100%" rx={2} fill={colour(f.node.name)} stroke="rgba(0,0,0,0.25)" />
                <text x={4} y={14} fill="#1a1a1a">
                  {f.node.name}
                </text>
              </g>
            </svg>
          );
        })}
      </svg>
    </Box>
  );
}
