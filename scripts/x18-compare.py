#!/usr/bin/env python3
"""x18-compare.py BIN EXPORT_DIR GAME.json...

For every run of trains that ../shared/x18/export.rb wrote for each game
record under EXPORT_DIR/<title>/, imports the record with `BIN import
GAME --at ID-1` and compares the two saves as routes see them with
../shared/x18/compare.rb. One line per difference, then a summary.
Env: X18_SRC (as compare.rb needs it)."""
import json, os, re, subprocess, sys, tempfile

# 1867's neutral tokens (CN in Timmins and Montreal until a phase) are game
# data in hexroute (`until_phase`), tokens in the engine's map: a diff that is
# only such a token is no difference for routes.
NEUTRAL = os.environ.get("X18_NEUTRAL", "CN")


def neutral_only(diff):
    if re.fullmatch(r'\S+: nothing \(want [^{]*\{[^}]*=>\["%s"\]\}\)' % NEUTRAL, diff):
        return True
    m = re.fullmatch(r'\S+: tokens (\{.*\}) \(want (\{.*\})\)', diff)
    if m:
        want = re.sub(r', ("[^"]*"|\[[^\]]*\])=>\["%s"\]' % NEUTRAL, "", m.group(2))
        return want == m.group(1)
    return False

def main():
    binary, export_dir, records = sys.argv[1], sys.argv[2], sys.argv[3:]
    tools = os.environ.get("X18_TOOLS", os.path.join(os.path.dirname(__file__), "..", "..", "shared", "x18"))
    out = tempfile.mkdtemp(prefix="x18cmp")
    pairs, failed, beyond = [], 0, 0
    for rec in records:
        title = json.load(open(rec))["title"]
        base = os.path.splitext(os.path.basename(rec))[0]
        index = os.path.join(export_dir, title, base + ".index.json")
        for run in json.load(open(index)):
            mine = os.path.join(out, run["file"])
            p = subprocess.run([binary, "import", rec, "--at", str(run["action"] - 1), "-o", mine, "--force"],
                               capture_output=True, text=True)
            if p.returncode != 0 and "can be imported up to" in p.stderr:
                beyond += 1  # past what hexroute replays of this title (it says so)
                continue
            if p.returncode != 0:
                failed += 1
                print(f"{base} action {run['action']}: import failed: {p.stderr.strip()}")
                continue
            pairs.append({"expected": os.path.join(export_dir, title, run["file"]), "actual": mine,
                          "company": run["company"], "action": run["action"], "record": base})
    cmp = subprocess.run(["ruby", os.path.join(tools, "compare.rb")], input=json.dumps(pairs),
                         capture_output=True, text=True)
    if cmp.returncode != 0:
        print(cmp.stderr)
        sys.exit(1)
    differ = 0
    for pair, line in zip(pairs, cmp.stdout.splitlines()):
        r = json.loads(line)
        diffs = [d for d in r.get("diffs", []) if not neutral_only(d)]
        if not r.get("equal") and diffs:
            differ += 1
            print(f"{pair['record']} action {pair['action']} {pair['company']}: {diffs}")
    print(f"{len(pairs) + failed + beyond} runs: {len(pairs) - differ} equal, {differ} differ, "
          f"{failed} failed to import, {beyond} past what hexroute replays")
    sys.exit(1 if differ or failed else 0)

main()
