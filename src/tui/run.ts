/**
 * The terminal UI's loop: keys, resizes and model changes in, frames out.
 * The terminal is restored however the loop ends: `q`, Ctrl-C, a signal,
 * the end of input, or an error.
 *
 * @module
 */
import { type TuiActions, TuiApp } from "./app.ts";
import type { ScreenId } from "./view.ts";
import { parseKeys } from "./keys.ts";
import type { TuiModel } from "./model.ts";
import { Screen } from "./screen.ts";
import type { TerminalPort } from "./terminal.ts";

/** A model the loop can start and listen to. */
export interface LiveModel extends TuiModel {
  /** Loads what the first frame shows and starts following; ends when `signal` aborts. */
  start(signal: AbortSignal): Promise<void>;
  /** Calls `fn` whenever what the model shows changed. */
  onChange(fn: () => void): void;
}

/** Options of {@link runTui}. */
export interface RunTuiOptions {
  /** Ends the UI (Ctrl-C or SIGTERM outside raw mode). */
  signal?: AbortSignal;
  /** Colours. Default true. */
  colour?: boolean;
  /** The first screen. Default `tasks`. */
  screen?: ScreenId;
  /** A task whose Trace tab opens first. */
  task?: number;
  /** Shortest time between two frames caused by live changes, in ms. Default 30. */
  frameIntervalMs?: number;
  /** What the task keys do. Default none (the keys say so). */
  actions?: TuiActions;
}

/**
 * Runs the UI on a terminal until the user quits. Returns the exit code: 0
 * for `q`, 130 for Ctrl-C or an interrupting signal.
 *
 * @example
 * ```ts
 * const code = await runTui(model, new DenoTerminal(), { signal });
 * ```
 */
export async function runTui(
  model: LiveModel,
  term: TerminalPort,
  options: RunTuiOptions = {},
): Promise<number> {
  const app = new TuiApp(model, {
    colour: options.colour,
    screen: options.screen,
    task: options.task,
    ...(options.actions ? { actions: options.actions } : {}),
    onUpdate: () => schedule(),
  });
  const screen = new Screen((s) => term.write(s));
  const stop = new AbortController();
  const outer = options.signal;
  const onOuter = () => stop.abort(outer?.reason);
  outer?.addEventListener("abort", onOuter, { once: true });
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failure: unknown = null;
  const draw = () => {
    timer = undefined;
    if (closed) return;
    try {
      const size = term.size();
      screen.draw(app.frame(size), size);
    } catch (e) {
      // A drawing bug must end the UI and reach the user, not loop silently.
      failure ??= e;
      stop.abort(e);
    }
  };
  const schedule = () => {
    if (timer === undefined && !closed) timer = setTimeout(draw, options.frameIntervalMs ?? 30);
  };
  model.onChange(schedule);
  let offResize = () => {};
  term.enter();
  try {
    offResize = term.onResize(() => {
      screen.invalidate();
      schedule();
    });
    draw();
    const started = model.start(stop.signal).catch((e) => {
      if (!stop.signal.aborted) {
        failure ??= e;
        stop.abort(e);
      }
    });
    let code: number | null = null;
    for await (const chunk of term.input(stop.signal)) {
      for (const k of parseKeys(chunk)) {
        const outcome = app.key(k);
        if (outcome === "quit") code = 0;
        else if (outcome === "interrupt") code = 130;
        else if (outcome === "redraw") screen.invalidate();
        if (code !== null) break;
      }
      if (code !== null) break;
      draw();
    }
    stop.abort();
    await started;
    if (failure) throw failure;
    return code ?? (outer?.aborted ? 130 : 0);
  } finally {
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    stop.abort();
    outer?.removeEventListener("abort", onOuter);
    offResize();
    term.restore();
  }
}
