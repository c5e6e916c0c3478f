// The page's worker (issue 63): the app's module again, sent compiled by the
// page, runs one background job (the Miau hint, the editor's checks, Life's
// search hint) off the page's thread, so the page never waits for it.
// In: { module, name, input } (input: the job's bytes). Out: { progress: n }
// while it works, then { answer: bytes } or { error: text }.
import init, { retrace_work } from "./retrace.js";

self.onmessage = async (e) => {
  const { module, name, input } = e.data;
  try {
    await init({ module_or_path: module });
    const answer = retrace_work(name, input);
    self.postMessage({ answer }, [answer.buffer]);
  } catch (err) {
    self.postMessage({ error: `job ${name}: ${err && err.stack ? err.stack : err}` });
  }
};
