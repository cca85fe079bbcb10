#!/usr/bin/env python3
"""gen-undo-record.py RECORD.json N [undo-redo|message] > GEN.json

A long 18xx.games record for timing `import` and `review`: RECORD's actions,
then N more with the ids that follow: alternating `undo` and `redo`
(the default), or `message`s. The game's standing actions stay the same,
so the import of GEN equals the import of RECORD. Issue 40 (point 2)
measured undo/redo at 40k, 160k and 1.3 M such actions."""
import json, sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    record = json.load(open(sys.argv[1]))
    count = int(sys.argv[2])
    kind = sys.argv[3] if len(sys.argv) == 4 else "undo-redo"
    if kind not in ("undo-redo", "message"):
        sys.exit(f"unknown kind {kind!r}: undo-redo or message")
    actions = record["actions"]
    next_id = actions[-1]["id"] + 1
    entity = actions[-1].get("entity")
    entity_type = actions[-1].get("entity_type")
    for i in range(count):
        if kind == "message":
            a = {"type": "message", "message": f"message {i}", "user": 1,
                 "created_at": 1700000000 + i}
        else:
            a = {"type": "undo" if i % 2 == 0 else "redo"}
        a.update({"entity": entity, "entity_type": entity_type, "id": next_id + i})
        actions.append(a)
    json.dump(record, sys.stdout, separators=(",", ":"))


if __name__ == "__main__":
    main()
