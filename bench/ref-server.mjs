// The ceiling of `npm run bench`: a bare node:http server answering every request with one fixed
// body (the bytes one of the shop's answers carried in the same run), no routing, no work.
// Usage: node bench/ref-server.mjs PORT BODY_FILE CONTENT_TYPE
import http from "node:http";
import { readFileSync } from "node:fs";

const [port, file, type = "text/html; charset=utf-8"] = process.argv.slice(2);
const body = readFileSync(file);
http
  .createServer((req, res) => {
    // Drain any request body (the API targets POST JSON) before answering.
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": type, "content-length": body.length });
      res.end(body);
    });
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
