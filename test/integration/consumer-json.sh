#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# consumer-json.sh — -x oformat=json (consumer/output/json-output.h): a mixed
# script (printf, trace, printa of count/quantize/lquantize and of stack
# keys, a runtime error) run twice over a deterministic traced program
# (data/jsonmix.{c,d}), as text and as JSON; every JSON line is parsed with
# python3's json module and its values checked against the text run.  Then
# the escaping of control bytes and invalid UTF-8 copied from the traced
# process, aggregation drops (-x aggsize) as DTrace's line and as a JSON
# object, dynamic variable drops (-x dynvarsize) as objects, and
# speculations (committed records as the speculating clause's objects, no
# object for a commit()/discard()-only clause, as text prints no line).
. "$SRCDIR/test/lib.sh"
data=$SRCDIR/test/integration/data
"$DTRACE" -h -s "$data/jsonmix.d" -o jsonmix.h || fail "dtrace -h jsonmix.d"
"$DTRACE" -G -s "$data/jsonmix.d" -o jsonmix-sem.o || fail "dtrace -G jsonmix.d"
gcc -O0 -fno-omit-frame-pointer -I. "$data/jsonmix.c" jsonmix-sem.o -o jsonmix || fail "build jsonmix"

cat > mix.d <<'X'
jsonmix$target:::item
{
	printf("item %d %s\n", arg0, copyinstr(arg1));
	trace(arg0);
	trace("\n");
	@c[copyinstr(arg1)] = count();
	@q = quantize(arg0 * 3);
	@s[ustack(2)] = count();
	@l = lquantize(arg0, 2, 12, 2);
}

jsonmix$target:::item
/arg0 == 3/
{
	printf("%s\n", copyinstr(0));
}

jsonmix$target:::done
{
	printf("done pid %d cpu %d\n", pid, cpu);
	printa(@c);
	printa(@q);
	printa("%k %@d\n", @s);
	exit(0);
}
X
"$DTRACE" -q -s mix.d -c './jsonmix 20 0 linger' > text.out 2> text.err || fail "the text run"
"$DTRACE" -q -x oformat=json -s mix.d -c './jsonmix 20 0 linger' > json.out 2> json.err || fail "the JSON run"

python3 - text.out text.err json.out json.err <<'PY'
import json, re, sys, time
text, text_err, jfile, jerr = sys.argv[1:5]
def ok(cond, desc, detail=""):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and detail:
        print("  " + str(detail).replace("\n", "\n  "))

raw = open(jfile, "rb").read()
lines = raw.split(b"\n")
ok(lines[-1] == b"" and all(lines[:-1]), "JSON: every line non-empty, the output ends with a newline", raw[-200:])
objs, bad = [], []
for l in lines[:-1]:
    try:
        objs.append(json.loads(l.decode("utf-8")))
    except Exception as e:
        bad.append((l, e))
ok(not bad and len(objs) > 0, "JSON: every one of %d lines parses as one JSON object" % (len(lines) - 1), bad[:3])
ok(all(isinstance(o, dict) and o.get("type") in ("probe", "aggregation", "error", "drop") for o in objs),
   "JSON: each object has a type (probe, aggregation, error, drop)")

probes = [o for o in objs if o["type"] == "probe"]
items = [o for o in probes if o["name"] == "item"]
done = [o for o in probes if o["name"] == "done"]
ok(len(items) == 20 and len(done) == 1, "JSON: 20 item records and one done record", (len(items), len(done)))
ident = all(o["provider"].startswith("jsonmix") and o["module"] == "jsonmix" and o["function"] == "fire_item"
            and isinstance(o["id"], int) and isinstance(o["cpu"], int) for o in items)
ok(ident, "JSON: probe identity (id, provider, module, function, name) and cpu on every record")
ts = [o["timestamp"] for o in probes]
ok(all(isinstance(t, int) and t > 0 for t in ts) and ts == sorted(ts), "JSON: timestamps are integers, in order", ts[:5])
now = time.time() * 1e9
ok(all(abs(o["walltimestamp"] - now) < 3600e9 for o in probes), "JSON: walltimestamp is nanoseconds since the epoch, within the hour")
d = done[0]
pf = d["output"][0]
ok(pf["action"] == "printf" and pf["args"] == [d["pid"], d["cpu"]] and all(o["pid"] == d["pid"] for o in probes),
   "JSON: the record's pid and cpu are the traced process's pid and the cpu D sees", (pf, d["pid"], d["cpu"]))

# printf and trace, record by record, against the text run
t = open(text).read()
expect = ""
for o in items:
    for a in o["output"]:
        if a["action"] == "printf":
            ok(isinstance(a["args"][0], int) and isinstance(a["args"][1], str), "JSON: printf args typed (int, string)") if o is items[0] else None
            expect += a["text"]
        elif a["action"] == "trace":
            expect += str(a["value"])
ok(t.startswith(expect) and expect.count("\n") == 40, "JSON printf text and trace values == the text run's first 40 lines",
   (expect[:200], t[:200]))
rest = t[len(expect):]
ok(re.sub(r"\d+", "N", rest.split("\n")[0]) == re.sub(r"\d+", "N", pf["text"].rstrip("\n")), "JSON: the done printf as in the text run")

# printa(@c): "  %-50s %16lld" lines in print order
acts = {a["action"]: a for a in d["output"] if a["action"] != "printf"}
printas = [a for a in d["output"] if a["action"] == "printa"]
ok(len(printas) == 3 and [p["aggregations"][0]["name"] for p in printas] == ["c", "q", "s"], "JSON: three printa actions, in order")
c_text = re.findall(r"^  (\S+) +(\d+)$", rest, re.M)
c_json = [(e["keys"][0], e["value"]) for e in printas[0]["aggregations"][0]["entries"]]
ok([(k, int(v)) for k, v in c_text] == c_json and len(c_json) == 3, "printa of count with string keys: JSON == text (order too)", (c_text, c_json))

# quantize and lquantize blocks: the non-zero rows
blocks = re.findall(r"value  -+ Distribution -+ count\s*\n((?:\s+\S.*?\|.*\n)+)", rest)
def rows(b):
    r = []
    for m in re.finditer(r"^\s+(.+?) \|[@ ]*\s(-?\d+)\s*$", b, re.M):
        if int(m.group(2)):
            r.append((m.group(1), int(m.group(2))))
    return r
q_json = [(str(l), n) for l, n in printas[1]["aggregations"][0]["entries"][0]["buckets"]]
ok(len(blocks) == 2 and rows(blocks[0]) == q_json and len(q_json) >= 4, "printa of quantize: JSON buckets == the text block's rows", (blocks[:1], q_json))
ok(all(isinstance(l, int) for l, n in printas[1]["aggregations"][0]["entries"][0]["buckets"]), "quantize bucket labels are numbers")
aggs = [o for o in objs if o["type"] == "aggregation"]
ok(len(aggs) == 1 and aggs[0]["name"] == "l" and aggs[0]["function"] == "lquantize", "the aggregation no printa printed is one object at the end", aggs)
l_json = [(str(l), n) for l, n in aggs[0]["entries"][0]["buckets"]]
ok(len(blocks) == 2 and rows(blocks[1]) == l_json and ("< 2", 2) in l_json and (">= 12", 8) in l_json,
   "lquantize at the end: JSON buckets == text rows ('< 2' and '>= 12' as strings)", (l_json, blocks[1:]))

# printa("%k %@d\n", @s): frames, then the value
s_entries = printas[2]["aggregations"][0]["entries"]
m = re.search(r"\n((?: {14}\S+\n)+) (\d+)\n", rest)
frames = [f.strip() for f in m.group(1).splitlines()] if m else None
ok(len(s_entries) == 1 and m and s_entries[0]["keys"][0] == frames and s_entries[0]["value"] == int(m.group(2))
   and frames[1].startswith("jsonmix`main+0x") and frames[0].startswith("jsonmix`fire_item+0x"),
   "printa of a ustack(2) key: JSON frames array == the text's frames", (s_entries, frames))

# the error: same line as the text run's, an object in place
errs = [o for o in objs if o["type"] == "error"]
norm = lambda s: re.sub(r"BPF pc \d+", "BPF pc N", re.sub(r"jsonmix\d+", "jsonmixPID", s))
tline = [l for l in open(text_err).read().splitlines() if "dtrace: error in dt_clause_" in l]
ok(len(errs) == 1 and len(tline) == 1 and "dtrace: " + norm(errs[0]["message"]) == norm(tline[0]),
   "the runtime error: its JSON message == the text run's line", (errs, tline))
e = errs[0] if errs else {}
ok(e.get("fault") == "invalid address" and e.get("address") == 0 and e.get("action") == 1 and e.get("name") == "item"
   and isinstance(e.get("epid"), int) and isinstance(e.get("offset"), int), "the error object's fields (fault, address, action, epid, offset, probe)", e)
pos = objs.index(e) if e else -1
ok(pos > 0 and objs[pos - 1].get("output", [{}])[0].get("args", [None])[0] == 3, "the error object follows the record of the firing that faulted")
ok("dtrace: error in dt_clause_" in open(jerr).read(), "the error line is on stderr under oformat=json too")
PY

# --- strings from the traced process: control bytes, invalid UTF-8
cat > weird.d <<'X'
jsonmix$target:::weird
{
	printf("%s", copyinstr(arg0));
	trace(copyinstr(arg0));
	@w[copyinstr(arg0)] = count();
}
X
"$DTRACE" -x oformat=json -s weird.d -c './jsonmix 0' > weird.out 2> weird.err || fail "the weird-string run"
python3 - weird.out <<'PY'
import json, sys
raw = open(sys.argv[1], "rb").read()
def ok(cond, desc, detail=""):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and detail:
        print("  " + repr(detail))
src = b"tab\there\nnl\x01\x1f\x7f quote\" back\\ \xc3\xa9 \xff\xfe \xc3\x28 \xe2\x82 \xed\xa0\x80 \xf0\x9f\x98\x80 end"
# the documented rule: well-formed sequences kept, every other byte one U+FFFD
want = "tab\there\nnl\x01\x1f\x7f quote\" back\\ \u00e9 \ufffd\ufffd \ufffd( \ufffd\ufffd \ufffd\ufffd\ufffd \U0001F600 end"
try:
    txt = raw.decode("utf-8")
    ok(True, "JSON output is valid UTF-8")
except UnicodeDecodeError as e:
    txt = raw.decode("utf-8", "replace")
    ok(False, "JSON output is valid UTF-8", e)
lines = txt.split("\n")[:-1]
ok(all(c >= " " for l in lines for c in l if ord(c) < 0x80 and c != "\x7f") and "\x7f" not in txt,
   "no raw control byte in a line (0x00-0x1f, 0x7f escaped)")
objs = [json.loads(l) for l in lines]
rec = [o for o in objs if o["type"] == "probe"][0]
vals = [a.get("text", a.get("value")) for a in rec["output"]]
ok(vals == [want, want], "printf text and trace value: control bytes escaped, invalid bytes U+FFFD each", vals)
agg = [o for o in objs if o["type"] == "aggregation"][0]
ok(agg["entries"][0]["keys"] == [want], "the same string as an aggregation key", agg)
ok(b"\\u0001\\u001f\\u007f" in raw and b"\\t" in raw and b"\\n" in raw and b'\\"' in raw and b"\\\\" in raw
   and b"\\ufffd" in raw and "\u00e9".encode() in raw, "escapes as documented: \\uXXXX, \\t, \\n, \\\", \\\\, \\ufffd; valid UTF-8 kept")
PY

# --- aggregation drops: -x aggsize holds 4 keys of 16 bytes
agg='BEGIN { @[1] = count(); @[2] = count(); @[3] = count(); @[4] = count(); @[5] = count(); @[6] = count(); exit(0); }'
out=$("$DTRACE" -q -x aggsize=64 -n "$agg" 2> drops.err)
check_match "-x aggsize=64: 'dtrace: 2 aggregation drops on CPU N'" "$(cat drops.err)" '^dtrace: 2 aggregation drops on CPU [0-9]+$'
check_eq "-x aggsize=64: 4 keys kept" "$(grep -c '^ *[0-9] *1$' <<<"$out")" 4
"$DTRACE" -q -x oformat=json -x aggsize=64 -n "$agg" > drops.json 2>/dev/null
python3 - drops.json <<'PY'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
drops = [o for o in objs if o["type"] == "drop"]
ok = len(drops) == 1 and drops[0]["kind"] == "aggregation" and drops[0]["count"] == 2 and isinstance(drops[0]["cpu"], int) \
     and drops[0]["message"] == "2 aggregation drops on CPU %d" % drops[0]["cpu"]
print(("ok - " if ok else "not ok - ") + "-x oformat=json: the drop is an object (kind, cpu, count, message)")
if not ok:
    print("  %r" % objs)
PY
# dynamic variable drops (-x dynvarsize): objects without a cpu, the counts add up
"$DTRACE" -q -x oformat=json -x dynvarsize=512 -n '
jsonmix$target:::item { a[arg0] = 1; }
jsonmix$target:::item /a[arg0]/ { @stored = count(); }' -c './jsonmix 100' > dyn.json 2> dyn.err
python3 - dyn.json <<'PY'
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
drops = [o for o in objs if o["type"] == "drop"]
stored = [e["value"] for o in objs if o["type"] == "aggregation" for e in o["entries"]]
ok = drops and all(d["kind"] == "dynamic" and "cpu" not in d and d["message"].endswith(" dynamic variable drop" + ("s" if d["count"] > 1 else ""))
                   for d in drops) and stored and stored[0] + sum(d["count"] for d in drops) == 100
print(("ok - " if ok else "not ok - ") + "-x dynvarsize=512 under oformat=json: 'dynamic' drop objects; stored + dropped = 100")
if not ok:
    print("  %r" % objs)
PY
# --- speculations: the committed records appear as the speculating clause's
# objects where commit() ran, and a clause whose only actions are commit()
# or discard() is no object of its own (as it prints no probe line in text)
cat > spec.d <<'X'
jsonmix$target:::item { self->s = speculation(); }
jsonmix$target:::item /self->s/ { speculate(self->s); printf("spec %d %s\n", arg0, copyinstr(arg1)); }
jsonmix$target:::item /self->s && arg0 % 2 == 0/ { commit(self->s); self->s = 0; }
jsonmix$target:::item /self->s/ { discard(self->s); self->s = 0; }
jsonmix$target:::done { printf("done\n"); exit(0); }
X
"$DTRACE" -q -s spec.d -c './jsonmix 20' > spec.txt 2> spec.err || fail "the speculation text run"
"$DTRACE" -x oformat=json -s spec.d -c './jsonmix 20' > spec.json 2> spec.jerr || fail "the speculation JSON run"
python3 - spec.txt spec.json <<'PY'
import json, sys
text = open(sys.argv[1]).read()
objs = [json.loads(l) for l in open(sys.argv[2])]
def ok(cond, desc, detail=""):
    print(("ok - " if cond else "not ok - ") + desc)
    if not cond and detail:
        print("  " + repr(detail)[:2000])
probes = [o for o in objs if o["type"] == "probe"]
ok(all(o["output"] for o in probes), "speculations: no empty probe object for the commit()-only and discard()-only clauses",
   [o for o in probes if not o["output"]][:3])
ok(len(probes) == 11 and [o["name"] for o in probes] == ["item"] * 10 + ["done"],
   "speculations: 10 committed item records and the done record, nothing else", [(o["name"], o["output"]) for o in probes])
got = "".join(a["text"] for o in probes for a in o["output"] if a["action"] == "printf")
ok(got + "\n" == text and text.count("spec ") == 10,
   "speculations: the JSON printf texts == the text run (-q; its end-of-run newline aside), in order", (got, text))
PY
# a clause that only speculates: its committed record is an object with
# "output":[] as text mode prints its probe line; commit() and discard()
# clauses are none (Oracle tst.SpeculationDefault*, tst.SpeculationCommitNotQuiet)
for end in commit discard; do
  d="BEGIN { s = speculation(); } BEGIN { speculate(s); } BEGIN { $end(s); } BEGIN { exit(0); }"
  text=$("$DTRACE" -n "$d" 2>/dev/null | grep -c ':BEGIN')
  json=$("$DTRACE" -x oformat=json -n "$d" 2>/dev/null | python3 -c '
import json, sys
print(" ".join(json.dumps(json.loads(l)["output"]) for l in sys.stdin if json.loads(l)["type"] == "probe"))')
  check_eq "oformat=json, $end(): one probe object per probe line of the text run ($text)" \
    "$json" "$([ $end = commit ] && echo '[] [{"action": "exit", "status": 0}]' || echo '[{"action": "exit", "status": 0}]')"
done
check_fails "-x oformat=xml is refused" "$DTRACE" -x oformat=xml -n 'BEGIN { exit(0); }'
done_testing
