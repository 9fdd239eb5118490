// The npm registry reachable here lacks some platform-specific optional packages (other OS / CPU builds of
// rollup and @utoo/pack), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock.
// This adds a stub entry (version + os/cpu/libc derived from the name, optional) for every optional dependency the
// lock declares but does not contain, so that `npm ci` skips them as platform-incompatible.
// Run after `npm install` changes the lock: node scripts/fix-lock.mjs
import fs from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openbsd', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os || !cpu) continue;
    lock.packages[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      cpu: [cpu],
      license: 'MIT',
      optional: true,
      os: [os],
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lock: added ${added} platform stubs`);
