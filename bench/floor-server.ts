// The HTTP floor of bench:feed: a bare Fastify process that answers each call path with the
// bytes the app answered it (FLOOR_ANSWERS, a JSON file of { 'path body': answer }), without reading a
// token, validating, touching a database or shaping anything. What remains of the app's time
// above this process's is what the app itself adds.
import fs from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(fs.readFileSync(process.env.FLOOR_ANSWERS as string, 'utf8')) as Record<string, string>;
const app = Fastify();
// answers are keyed by path and body as sent (home.feed serves two tabs on one path)
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.post('/*', async (req, reply) => {
  const answer = answers[`${req.url} ${req.body as string}`];
  return answer === undefined ? reply.status(404).send() : reply.type('application/json; charset=utf-8').send(answer);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
