// Module hooks (stop-while-loading.mjs): they run on Node's loader thread, which shares the pid.
let sent = false;

export async function resolve(specifier, context, next) {
  if (!sent && specifier === 'pg') {
    sent = true;
    process.kill(process.pid, 'SIGTERM');
  }
  return next(specifier, context);
}
