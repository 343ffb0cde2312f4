#!/bin/bash
# make docs: build the HTML of Documentation/admin-guide/LSM (the AppArmor
# page and its neighbours) with Sphinx for the pre-fix tree and for the
# series, and fail if the series adds a warning.
set -eu
. "$(dirname "$0")/config.sh"

ready python3-sphinx python3-yaml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ref in prefix series; do
	mkdir "$tmp/$ref"
	git -C "$TREE" archive "$ref" | tar -x -C "$tmp/$ref"
	make -C "$tmp/$ref" SPHINXDIRS=admin-guide/LSM htmldocs >"$OUT/docs-$ref.log" 2>&1 ||
		die "htmldocs failed for $ref; see $OUT/docs-$ref.log"
	grep WARNING "$OUT/docs-$ref.log" | sed "s|$tmp/$ref/||" >"$tmp/$ref.warnings" || true
done
mkdir -p "$OUT/docs"
cp "$tmp/series/Documentation/output/admin-guide/LSM/apparmor.html" "$OUT/docs/"
echo "pre-fix tree: $(wc -l <"$tmp/prefix.warnings") warnings; series: $(wc -l <"$tmp/series.warnings")"
echo "HTML: $OUT/docs/apparmor.html"
diff -u "$tmp/prefix.warnings" "$tmp/series.warnings"
