// The floor for an answer from memory: a bare node:http server that sends the
// bytes of one file with the given headers to every request, as fast as Node
// can. bench/brochure.mjs runs it beside the app, with the brochure's own
// bytes and headers, so the two differ only by what the app does per request.
//
//   node bench/lib/bare-server.mjs FILE HEADERS_JSON PORT
import fs from "node:fs";
import http from "node:http";

const [file, headersJson, port] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = { ...JSON.parse(fs.readFileSync(headersJson, "utf8")), "content-length": String(body.length) };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
