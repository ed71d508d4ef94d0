// A crawl worker process for the fault tests: node --import tsx run-worker.ts <redis url> <queue> <lock ms> [kill at seq]
// With a seq, the process kills itself (SIGKILL) right after that page's store update, before its result
// is sent: the worst moment for a worker to die.
import { runWorker } from '../queue.js';

const [url, queue, lockMs, killAt] = process.argv.slice(2);
const worker = await runWorker({
  redisUrl: url,
  queue,
  lockMs: Number(lockMs),
  afterPage: (seq) => {
    if (killAt !== undefined && seq === Number(killAt)) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
