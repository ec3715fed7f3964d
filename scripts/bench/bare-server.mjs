// The baseline: a bare node:http server answering every request with the same bytes and headers
// the product sent for one URL (read from the JSON file given as argv[2]). Prints its port.
import fs from 'node:fs';
import http from 'node:http';

const { headers, body } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const bytes = Buffer.from(body, 'base64');
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.info(String(server.address().port)));
