import fs from "node:fs";

/**
 * Lists the licences of every production dependency (from the committed lockfile, which records each package's
 * licence) and fails on one we have not accepted. Run by `npm run lint`, so `npm test` and CI refuse a new
 * dependency with an unexpected licence until someone decides about it here.
 */

/** Licences that allow us to ship the site as we do, unmodified libraries used as they are. */
const ACCEPTED = new Set(["MIT", "MIT-0", "ISC", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "0BSD", "Unlicense", "BlueOak-1.0.0", "CC0-1.0"]);

/** Accepted for these packages only, and why. */
const ACCEPTED_FOR: { license: string; packages: RegExp; why: string }[] = [
  { license: "OFL-1.1", packages: /^@fontsource(-variable)?\//, why: "the site's web fonts; OFL allows embedding them in pages" },
  { license: "OFL-1.1", packages: /^@expo-google-fonts\//, why: "the brochure's whole faces; OFL allows embedding them in documents" },
  { license: "MPL-2.0", packages: /^lightningcss(-|$)/, why: "file-level copyleft; used unmodified (CSS tooling)" },
  { license: "LGPL-3.0-or-later", packages: /^@img\/sharp-/, why: "libvips, dynamically loaded by sharp and used unmodified" },
];

/** Packages whose lockfile entry has no licence field; checked by hand in their LICENSE file. */
const KNOWN_UNDECLARED: Record<string, string> = { busboy: "MIT", streamsearch: "MIT", "png-js": "MIT" };

type LockPackage = { license?: string; dev?: boolean };
const lock = JSON.parse(fs.readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as { packages: Record<string, LockPackage> };

function accepted(license: string, name: string): boolean {
  const expression = license.replace(/^\((.*)\)$/, "$1");
  if (expression.includes(" OR ")) return expression.split(" OR ").some((part) => accepted(part.trim(), name));
  if (expression.includes(" AND ")) return expression.split(" AND ").every((part) => accepted(part.trim(), name));
  return ACCEPTED.has(expression) || ACCEPTED_FOR.some((rule) => rule.license === expression && rule.packages.test(name));
}

const byLicense = new Map<string, string[]>();
const refused: string[] = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  if (path === "" || entry.dev) continue;
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  const license = entry.license ?? KNOWN_UNDECLARED[name] ?? "(none declared)";
  byLicense.set(license, [...(byLicense.get(license) ?? []), name]);
  if (!accepted(license, name)) refused.push(`${name}: ${license}`);
}

for (const [license, names] of [...byLicense].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`${license.padEnd(40)} ${String(names.length).padStart(4)}  ${names.slice(0, 5).join(", ")}${names.length > 5 ? ", …" : ""}`);
}
if (refused.length > 0) {
  console.error(`\nProduction dependencies with a licence not accepted in scripts/check-licenses.ts:\n  ${refused.join("\n  ")}`);
  process.exit(1);
}
console.log(`\nAll ${[...byLicense.values()].flat().length} production packages have accepted licences.`);
