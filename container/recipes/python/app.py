"""A Python app against the stashkit emulator's container, with the official SDKs.

Start the emulator (docker run, or the compose recipe beside this file's folder), then:

    pip install qstash upstash-search
    export QSTASH_URL=http://127.0.0.1:8787 QSTASH_TOKEN=stashkit-emulator-qstash-token
    export QSTASH_CURRENT_SIGNING_KEY=... QSTASH_NEXT_SIGNING_KEY=...   # the container's, or yours
    export UPSTASH_SEARCH_REST_URL=... UPSTASH_SEARCH_REST_TOKEN=...     # its --search-index banner line
    python app.py

Not run in this repository's CI: the `qstash` and `upstash-search` packages come from the Python
package index, which CI does not reach. CI only parses this file (container/test/recipes.test.ts).
"""

import os
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

from qstash import QStash, Receiver
from upstash_search import Search

# Where the emulator delivers to this app: from inside a container, the host is host.docker.internal.
APP_URL = os.environ.get("APP_URL", "http://host.docker.internal:3000")
delivered = threading.Event()
receiver = Receiver(
    current_signing_key=os.environ["QSTASH_CURRENT_SIGNING_KEY"],
    next_signing_key=os.environ["QSTASH_NEXT_SIGNING_KEY"],
)


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        # Raises when the signature is not the emulator's, as it would for the hosted service.
        receiver.verify(signature=self.headers["Upstash-Signature"], body=body, url=f"{APP_URL}/hook")
        self.send_response(200)
        self.end_headers()
        delivered.set()


def main():
    server = HTTPServer(("0.0.0.0", 3000), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    qstash = QStash(os.environ["QSTASH_TOKEN"], base_url=os.environ["QSTASH_URL"])
    qstash.message.publish_json(url=f"{APP_URL}/hook", body={"order": 7})
    if not delivered.wait(timeout=60):
        raise SystemExit("no delivery within a minute")

    search = Search(url=os.environ["UPSTASH_SEARCH_REST_URL"], token=os.environ["UPSTASH_SEARCH_REST_TOKEN"])
    products = search.index("products")
    products.upsert(documents=[{"id": "p1", "content": {"title": "red running shoes"}}])
    print([document.id for document in products.search(query="shoes", limit=5)])
    server.shutdown()


if __name__ == "__main__":
    main()
