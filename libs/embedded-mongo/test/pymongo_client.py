"""A second, independent client: Debian's pymongo talks to the server and prints what it saw as JSON.

Usage: /usr/bin/python3 pymongo_client.py MONGODB_URI DATABASE
"""
import hashlib
import json
import os
import sys

import gridfs
import pymongo
from pymongo.errors import DuplicateKeyError


def main():
    uri, db_name = sys.argv[1], sys.argv[2]
    client = pymongo.MongoClient(uri, serverSelectionTimeoutMS=10000)
    db = client[db_name]
    out = {"pymongo": pymongo.version}
    out["ping"] = db.command("ping")["ok"]

    people = db.people
    people.create_index("email", unique=True)
    result = people.insert_many(
        [{"email": "p%d@x" % i, "n": i, "group": "even" if i % 2 == 0 else "odd"} for i in range(300)]
    )
    out["inserted"] = len(result.inserted_ids)
    out["found_sorted"] = [d["n"] for d in people.find({"n": {"$gte": 290}}, {"_id": 0, "n": 1}).sort("n", -1)]
    out["paged_total"] = sum(1 for _ in people.find({}).batch_size(7))
    out["count_even"] = people.count_documents({"group": "even"})
    out["distinct_groups"] = sorted(people.distinct("group"))
    people.update_one({"n": 5}, {"$inc": {"n": 1000}, "$set": {"touched": True}})
    out["updated"] = people.find_one({"touched": True}, {"_id": 0, "n": 1, "email": 1})
    out["aggregate"] = list(
        people.aggregate([{"$group": {"_id": "$group", "total": {"$sum": 1}}}, {"$sort": {"_id": 1}}])
    )

    try:
        people.insert_one({"email": "p1@x"})
        out["duplicate"] = None
    except DuplicateKeyError as err:
        details = err.details or {}
        out["duplicate"] = {
            "code": err.code,
            "keyPattern": details.get("keyPattern"),
            "keyValue": details.get("keyValue"),
        }
    out["count_after_duplicate"] = people.count_documents({})

    bucket = gridfs.GridFSBucket(db)
    data = os.urandom(600 * 1024 + 17)
    file_id = bucket.upload_from_stream("py.bin", data)
    grid_out = bucket.open_download_stream(file_id)
    back = grid_out.read()
    grid_out.seek(300000)
    middle = grid_out.read(1000)
    out["gridfs"] = {
        "length": len(back),
        "same_sha256": hashlib.sha256(back).hexdigest() == hashlib.sha256(data).hexdigest(),
        "range_ok": middle == data[300000:301000],
        "chunks": db["fs.chunks"].count_documents({"files_id": file_id}),
    }
    bucket.delete(file_id)
    out["gridfs"]["chunks_after_delete"] = db["fs.chunks"].count_documents({"files_id": file_id})
    client.close()
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
