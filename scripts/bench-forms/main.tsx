import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { FormRunner } from '../../renderer/form/FormRunner';
import { contenders, keystrokeTarget, renderedControls, type Contender } from './contenders';
import { generatedDocument, listDocument, tableDocument } from './documents';

// The bench page: window.bench mounts a contender on a generated document and
// measures mount time and keystroke-to-paint latency; CSV and table runs use
// the engine's ListInput and TableInput. Driven by scripts/bench-forms.ts.

const host = document.getElementById('bench')!;
let root: Root | null = null;

/** Resolves after the next frame has been painted. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves on the next task (no timer clamping): React's work for the event has been done by then. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Input event to a frame ready to paint: the event's handlers, React's render and commit, then style and layout. */
async function workUntilPaintReady(): Promise<void> {
  await nextTask();
  void host.getBoundingClientRect().height;
}

function unmount() {
  root?.unmount();
  root = null;
  host.replaceChildren();
}

function setNativeValue(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** How a contender is mounted: its fields in runs that skip off-screen layout (peers), the engine's runs off. */
export interface Variant {
  runs?: boolean;
  cvOff?: boolean;
}

async function mountForm(
  contender: Contender,
  fields: number,
  variant: Variant = {},
): Promise<{ ms: number; controls: number }> {
  unmount();
  document.body.classList.toggle('cv-off', variant.cvOff === true);
  await nextPaint();
  const doc = generatedDocument(fields);
  const Component = contenders[contender];
  const t0 = performance.now();
  root = createRoot(host);
  flushSync(() => root!.render(<Component doc={doc} runs={variant.runs === true} />));
  // Until the whole form is laid out, ready to paint: waiting for the next frame instead would round every
  // contender's time up to a whole frame (all four took 17-18 ms at 50 fields, less than one frame's work).
  const last = `Field ${fields - 1}`;
  for (let tasks = 0; ; tasks++) {
    await workUntilPaintReady();
    if (host.textContent?.includes(last)) break;
    if (tasks > 1000) throw new Error(`${contender} did not show ${last}`);
  }
  const ms = performance.now() - t0;
  return { ms, controls: renderedControls(host) };
}

/**
 * The median keystroke-to-paint time of typing `count` characters, and whether the field shows the typed text once
 * the contender has settled (JSON Forms' vanilla renderers were seen to drop one, their debounced change arriving
 * after the next keystroke's).
 */
async function keystrokes(contender: Contender, key = 'f5', count = 15): Promise<{ ms: number; dropped?: string }> {
  const input = keystrokeTarget(host, contender, key);
  if (!input) throw new Error(`No input ${key} for ${contender}`);
  input.focus();
  const times: number[] = [];
  let text = '';
  for (let i = 0; i < count; i++) {
    text += 'x';
    await nextPaint();
    const t0 = performance.now();
    setNativeValue(input, text);
    await workUntilPaintReady();
    times.push(performance.now() - t0);
  }
  // A slow contender (JSON Forms at 1000 fields) may settle its last keystroke seconds later, in an input it
  // rendered anew: the field's input is looked up again.
  const typed = () => keystrokeTarget(host, contender, key)?.value;
  const settled = performance.now() + 10_000;
  do await nextPaint();
  while (typed() !== text && performance.now() < settled);
  const shown = typed();
  return { ms: median(times), ...(shown !== text && { dropped: `typed ${text.length} characters, shows "${shown}"` }) };
}

async function csvImport(lines: number): Promise<{ ms: number; items: number }> {
  unmount();
  root = createRoot(host);
  flushSync(() =>
    root!.render(<FormRunner name="list" doc={listDocument} onClose={() => undefined} onCancel={() => undefined} />),
  );
  await nextPaint();
  const text = Array.from({ length: lines }, (_, i) => `device-${i}.example.net`).join('\n');
  const file = new File([text], 'list.csv', { type: 'text/csv' });
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  const t0 = performance.now();
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  for (;;) {
    await nextPaint();
    const summary = host.querySelector('.fc-list .fc-field__subtext')?.textContent ?? '';
    if (summary.startsWith(`${lines} items`)) break;
    if (performance.now() - t0 > 30_000) throw new Error(`CSV import not done: ${summary}`);
  }
  return { ms: performance.now() - t0, items: lines };
}

async function tableRows(rows: number): Promise<{ mount: number; keystroke: number }> {
  unmount();
  await nextPaint();
  const data = {
    rows: Array.from({ length: rows }, (_, i) => ({ name: `Row ${i}`, host: `10.0.${i >> 8}.${i & 255}`, port: '22' })),
  };
  const t0 = performance.now();
  root = createRoot(host);
  flushSync(() =>
    root!.render(
      <FormRunner
        name="table"
        doc={tableDocument}
        options={{ data }}
        onClose={() => undefined}
        onCancel={() => undefined}
      />,
    ),
  );
  await nextPaint();
  const mount = performance.now() - t0;
  const input = host.querySelector<HTMLInputElement>('[aria-label="Host row 50"]')!;
  input.focus();
  const times: number[] = [];
  let text = input.value;
  for (let i = 0; i < 10; i++) {
    text += '1';
    await nextPaint();
    const t1 = performance.now();
    setNativeValue(input, text);
    await workUntilPaintReady();
    times.push(performance.now() - t1);
  }
  return { mount, keystroke: median(times) };
}

declare global {
  interface Window {
    bench: {
      mountForm: typeof mountForm;
      keystrokes: typeof keystrokes;
      csvImport: typeof csvImport;
      tableRows: typeof tableRows;
      ready: boolean;
    };
  }
}

window.bench = { mountForm, keystrokes, csvImport, tableRows, ready: true };
