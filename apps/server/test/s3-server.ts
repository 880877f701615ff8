/**
 * An S3-protocol server (s3rver) for the storage tests, run as its own process by
 * `test/stores.ts`: `node --openssl-legacy-provider --import tsx test/s3-server.ts <folder> <bucket>`.
 * s3rver seals its ListObjectsV2 continuation tokens with DES, which Node 20 only offers
 * through OpenSSL's legacy provider; a process of its own keeps that flag out of the tests.
 * It prints the port it listens on and stops when its standard input closes.
 */
import S3rver from '@20minutes/s3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3-server.ts <folder> <bucket>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0));
});
