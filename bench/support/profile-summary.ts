/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time per function and per package, the top N.
 * Usage: npx tsx bench/support/profile-summary.ts <file.cpuprofile> [N]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [N]');
const top = Number(topArg ?? 25);
const profile: Profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (const [i, id] of profile.samples.entries())
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));

function packageOf(url: string): string {
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (url.startsWith('node:') || url === '') return url || '(native)';
  return url.includes('/dist/server/') ? '(our server code)' : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  total += us;
  const name = `${frame.functionName || '(anonymous)'} ${packageOf(frame.url)}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const pkg = packageOf(frame.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const rank = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: Math.round((us / total) * 1000) / 10 }));
console.log(
  JSON.stringify(
    { totalMs: Math.round(total / 1000), byPackage: rank(byPackage), byFunction: rank(byFunction) },
    null,
    2,
  ),
);
