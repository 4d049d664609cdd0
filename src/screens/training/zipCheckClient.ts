// Runs the zip check in its Web Worker and reports progress; the worker ends with the check (or when cancelled).
import type { SampleCounts } from '../../domain/trainingRules.ts';
import type { ZipReport } from '../../domain/trainingZip.ts';

export interface ZipCheckRequest {
  file: Blob;
  fileName: string;
  counts: SampleCounts;
}

export type ZipCheckMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; report: ZipReport }
  | { type: 'error'; message: string };

export interface ZipCheckRun {
  result: Promise<ZipReport>;
  cancel: () => void;
}

export function checkZipInWorker(file: File, counts: SampleCounts, onProgress: (done: number, total: number) => void): ZipCheckRun {
  const worker = new Worker(new URL('./zipCheck.worker.ts', import.meta.url), { type: 'module' });
  let settle: { reject: (error: Error) => void } | null = null;
  const result = new Promise<ZipReport>((resolve, reject) => {
    settle = { reject };
    worker.onmessage = (event: MessageEvent<ZipCheckMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.done, message.total);
      else {
        worker.terminate();
        if (message.type === 'done') resolve(message.report);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'zip check failed'));
    };
  });
  worker.postMessage({ file, fileName: file.name, counts } satisfies ZipCheckRequest);
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle?.reject(new Error('cancelled'));
    },
  };
}
