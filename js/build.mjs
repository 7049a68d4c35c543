// Bundles the widget (and, with --preview, a standalone preview page) with esbuild.
//   node js/build.mjs            -> catan_widget/static/widget.js + widget.css, and the table's
//                                   bare page catan_widget/static/table.html (js/table-page.*)
//   node js/build.mjs --preview  -> js/preview-dist/ (open index.html in a browser)
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const preview = process.argv.includes("--preview");

if (!preview) {
  const outdir = join(root, "catan_widget", "static");
  await build({
    entryPoints: { widget: join(root, "js", "widget.ts") },
    outdir,
    bundle: true,
    format: "esm",
    target: "es2020",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
  });
  // the table's page: its script inline, importing the widget's bundle served beside it
  // (`./widget` -> ../static/widget.js, relative to /t/<table>), so it needs no other file
  const page = await build({
    entryPoints: [join(root, "js", "table-page.ts")],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2020",
    minify: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [
      {
        name: "widget-bundle",
        setup(b) {
          b.onResolve({ filter: /^\.\/widget$/ }, () => ({ path: "../static/widget.js", external: true }));
        },
      },
    ],
  });
  const script = page.outputFiles[0].text.trim().replaceAll("</script", "<\\/script");
  const html = readFileSync(join(root, "js", "table-page.html"), "utf8").replace("/*PAGE_SCRIPT*/", () => script);
  writeFileSync(join(outdir, "table.html"), html);
  for (const f of ["widget.js", "widget.css", "table.html"]) {
    console.log(`${join("catan_widget", "static", f)}  ${(statSync(join(outdir, f)).size / 1024).toFixed(1)} kB`);
  }
} else {
  const outdir = join(root, "js", "preview-dist");
  mkdirSync(outdir, { recursive: true });
  // an IIFE (classic script) so the page also works from file:// without a server
  await build({
    entryPoints: { preview: join(root, "js", "preview.ts") },
    outdir,
    bundle: true,
    format: "iife",
    target: "es2020",
    sourcemap: true,
    logLevel: "warning",
  });
  copyFileSync(join(root, "js", "preview.html"), join(outdir, "index.html"));
  console.log(`open file://${join(outdir, "index.html")}  (?theme=dark&widget_theme=light|dark&scenario=main|build|settle|robber|discard|trade|confirm|yop|offer|maritime|setup|pips|error|teacher|bot&width=700)`);
}
