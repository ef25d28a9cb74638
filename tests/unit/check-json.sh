#!/bin/bash
# The --json output of hibseal status and hibseal inspect against the schemas hibseal(1)
# documents (docs/hibseal-status.schema.json, docs/hibseal-inspect.schema.json), with the
# jsonschema package of Debian's python3:
#   unit.status.json   the object of every made-up machine of test_status (sealed, unsealed,
#                      no TPM, no swap, ... each with its last resume), valid
#   unit.inspect.json  the object for every seed image, valid or damaged, valid, and its
#                      "valid" member agreeing with the exit status
#   unit.json.control  a status object without its fix, and an inspect object with an unknown
#                      region, are refused: the check can fail
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${HIBSEAL_BUILD:-$top/build}
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { if [ "$1" = 0 ]; then echo "ok - $2"; else echo "not ok - $2"; fi; }

if ! make -s -C "$top/userspace/uswsusp" OUT="$B/uswsusp" WERROR=1 >"$T/build.log" 2>&1 ||
	! make -s -C "$top/tests/unit" OUT="$B/unit" "$B/unit/test_status" >>"$T/build.log" 2>&1; then
	sed 's/^/# /' "$T/build.log"
	echo "not ok - unit.json.build"
	exit 1
fi
# validate SCHEMA FILE...: each file is one JSON document the schema accepts
validate() {
	"$PY" - "$@" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
validator = jsonschema.Draft202012Validator(schema)
bad = 0
for path in sys.argv[2:]:
    try:
        doc = json.load(open(path))
    except ValueError as e:
        print(f"# {path}: not JSON: {e}")
        bad += 1
        continue
    for err in validator.iter_errors(doc):
        print(f"# {path}: {'/'.join(map(str, err.path)) or '(top)'}: {err.message}")
        bad += 1
sys.exit(1 if bad else 0)
PY
}

mkdir -p "$T/status"
HS_JSON_DIR=$T/status "$B/unit/test_status" >/dev/null 2>&1
n=$(find "$T/status" -name '*.json' | wc -l)
echo "# $n status objects from test_status's machines"
[ "$n" -ge 5 ] && validate "$top/docs/hibseal-status.schema.json" "$T"/status/*.json
ok $? unit.status.json

mkdir -p "$T/inspect"
rc_all=0
for seed in "$top"/userspace/uswsusp/fuzz/corpus/* "$top"/userspace/uswsusp/fuzz/corpus-uswsusp/*; do
	case "$seed" in */config-*) continue ;; esac	# resume's configuration files
	out=$T/inspect/$(basename "$seed").json
	"$B/uswsusp/hibseal" inspect --json "$seed" >"$out" 2>/dev/null
	rc=$?
	want=$([ $rc = 0 ] && echo true || echo false)
	got=$("$PY" -c 'import json,sys; print(str(json.load(open(sys.argv[1]))["valid"]).lower())' "$out" 2>/dev/null)
	if [ "$got" != "$want" ] || { [ $rc != 0 ] && [ $rc != 1 ]; }; then
		echo "# $(basename "$seed"): exit $rc, valid $got"
		rc_all=1
	fi
done
echo "# $(find "$T/inspect" -name '*.json' | wc -l) inspect objects from the seed images"
validate "$top/docs/hibseal-inspect.schema.json" "$T"/inspect/*.json && [ $rc_all = 0 ]
ok $? unit.inspect.json

# Negative controls: documents one step off the schema are refused.
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); del d["fix"]; json.dump(d, open(sys.argv[2], "w"))' \
	"$(find "$T/status" -name '*.json' | head -n 1)" "$T/no-fix.json"
"$PY" -c 'import json,sys; json.dump({"format": 1, "valid": False, "region": "elsewhere", "chunk": None, "reason": "x"}, open(sys.argv[1], "w"))' \
	"$T/bad-region.json"
c1=$(validate "$top/docs/hibseal-status.schema.json" "$T/no-fix.json" >/dev/null; echo $?)
c2=$(validate "$top/docs/hibseal-inspect.schema.json" "$T/bad-region.json" >/dev/null; echo $?)
[ "$c1" = 1 ] && [ "$c2" = 1 ]
ok $? unit.json.control
