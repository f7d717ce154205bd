/**
 * Writes the README's settings table from app/env.server.ts (each setting's doc comment and default),
 * between the markers <!-- settings:start --> and <!-- settings:end -->. `--check` only verifies it is current.
 */
import fs from "node:fs";

export function settingsTable(source: string): string {
  const schema = source.slice(source.indexOf("z.object({"), source.indexOf("});", source.indexOf("z.object({")));
  const lines = schema.split("\n");
  const rows: string[] = [];
  let doc = "";
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const comment = line.match(/^\s*\/\*\*\s*(.*?)\s*\*\/\s*$/);
    if (comment) {
      doc = comment[1] ?? "";
      continue;
    }
    const setting = line.match(/^ {2}([A-Z][A-Z0-9_]*):\s*(.*)$/);
    if (!setting) continue;
    let statement = setting[2] ?? "";
    while (!/,\s*$/.test(statement) && index + 1 < lines.length && !/^ {2}[A-Z]/.test(lines[index + 1] ?? ""))
      statement += (lines[++index] ?? "").trim();
    const fallback = statement.match(/\.default\((.*)\)\s*,?\s*$/)?.[1] ?? statement.match(/\.default\(([^)]*)\)/)?.[1];
    const value = fallback
      ? fallback
          .replace(/^"(.*)"$/, "$1")
          .replace(/10 \* 1024 \*\* 3/, "10737418240 (10 GB)")
          .replace(/_/g, "")
      : "unset";
    rows.push(`| \`${setting[1]}\` | ${value === "unset" ? "*(unset)*" : `\`${value}\``} | ${doc.replace(/\|/g, "\\|")} |`);
    doc = "";
  }
  return ["| Setting | Default | What it does |", "| --- | --- | --- |", ...rows].join("\n");
}

const START = "<!-- settings:start -->";
const END = "<!-- settings:end -->";

export function withSettingsTable(readme: string, table: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < 0) throw new Error("README.md lacks the settings markers");
  return `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1]?.endsWith("settings-table.ts")) {
  const table = settingsTable(fs.readFileSync("app/env.server.ts", "utf8"));
  const readme = fs.readFileSync("README.md", "utf8");
  const next = withSettingsTable(readme, table);
  if (process.argv.includes("--check")) {
    if (next !== readme) {
      console.error("README.md's settings table is out of date: run `npm run docs:settings`.");
      process.exit(1);
    }
  } else {
    fs.writeFileSync("README.md", next);
    console.log("README.md settings table updated");
  }
}
