/**
 * api.upload: the one call made with XMLHttpRequest (fetch cannot report upload progress over
 * HTTP/1.1). The same headers and envelope handling as every other call; progress; an abort; a
 * timeout that counts from the last progress, not from the start.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ApiError, createApiClient, MESSAGES, TIMEOUT_MS } from '../../src/api/client';
import { OcrResult } from '../../contract/verification';

/** A fake XMLHttpRequest: records what was sent; the test answers it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, val: string) {
    this.headers[k] = val;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  // What the server does:
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(body: unknown, status = 200) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function client() {
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    base: 'http://api.test/api1',
    headers: () => ({ token: 'tok-123', os: 'ios-h5' }),
    onSessionExpired,
    xhr: FakeXhr as unknown as typeof XMLHttpRequest,
  });
  return { api, onSessionExpired };
}

const photo = () => new Blob([new Uint8Array(2048)], { type: 'image/jpeg' });
const sent = () => {
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
};

afterEach(() => {
  FakeXhr.last = null;
  vi.useRealTimers();
});

describe('api.upload', () => {
  it('posts multipart with the headers and the file name, reports progress, and parses data by its schema', async () => {
    const { api } = client();
    const progress: number[] = [];
    const result = api.upload('/auth/v1/ocr-separate', OcrResult, {
      form: { type: '1', image: photo(), notNeed: '1' },
      fileName: 'front.jpg',
      onProgress: (f) => progress.push(f),
    });
    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://api.test/api1/auth/v1/ocr-separate');
    expect(xhr.headers).toEqual({ token: 'tok-123', os: 'ios-h5' });
    expect(xhr.body?.get('type')).toBe('1');
    expect(xhr.body?.get('notNeed')).toBe('1');
    expect((xhr.body?.get('image') as File).name).toBe('front.jpg');
    xhr.progress(512, 2048);
    xhr.answer({ code: 0, msg: 'ok', data: { name: 'Asha Verma', idNo: '234567890124', panNo: null } });
    await expect(result).resolves.toEqual({ name: 'Asha Verma', idNo: '234567890124', panNo: '' });
    expect(progress).toEqual([0.25, 1]);
  });

  it("code ≠ 0 is an ApiError 'server' with msg and data (errorColumn and the like stay readable)", async () => {
    const { api } = client();
    const result = api.upload('authen/upload', v.unknown(), { form: { type: '1', file: photo() } });
    sent().answer({ code: 1, msg: 'Only image files can be uploaded', data: { column: 'file' } });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', message: 'Only image files can be uploaded', details: { code: 1, data: { column: 'file' } } });
  });

  it('-4 ends the session like any other call', async () => {
    const { api, onSessionExpired } = client();
    const result = api.upload('authen/upload', v.unknown(), { form: { file: photo() } });
    sent().answer({ code: -4, msg: '', data: null });
    await expect(result).rejects.toMatchObject({ kind: 'session', message: MESSAGES.session });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('-4 to an upload sent without a token ends nothing: the server\'s msg', async () => {
    const onSessionExpired = vi.fn();
    const api = createApiClient({ base: 'http://api.test/api1', headers: () => ({ os: 'ios-h5' }), onSessionExpired, xhr: FakeXhr as unknown as typeof XMLHttpRequest });
    const result = api.upload('authen/upload', v.unknown(), { form: { file: photo() } });
    expect(sent().headers).toEqual({ os: 'ios-h5' });
    sent().answer({ code: -4, msg: 'Please sign in first', data: null });
    await expect(result).rejects.toMatchObject({ kind: 'server', message: 'Please sign in first', details: { code: -4 } });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a malformed answer is a clear error, never a crash', async () => {
    const { api } = client();
    const notJson = api.upload('authen/upload', v.unknown(), { form: { file: photo() } });
    sent().answer('<html>oops</html>', 502);
    await expect(notJson).rejects.toMatchObject({ kind: 'http', message: MESSAGES.http });
    // The spec gives OCR's answer as an object (name, idNo, panNo): a text there is not an answer.
    const badData = api.upload('/auth/v1/ocr-separate', OcrResult, { form: { image: photo() } });
    sent().answer({ code: 0, msg: 'ok', data: 'oops' });
    await expect(badData).rejects.toMatchObject({ kind: 'schema' });
    // Its fields are read leniently: a number is read as its digits, an object as nothing.
    const oddFields = api.upload('/auth/v1/ocr-separate', OcrResult, { form: { image: photo() } });
    sent().answer({ code: 0, msg: 'ok', data: { name: { first: 'Asha' }, idNo: 290000000018 } });
    await expect(oddFields).resolves.toEqual({ name: '', idNo: '290000000018', panNo: '' });
  });

  it('the signal aborts the request; a network failure is said plainly', async () => {
    const { api } = client();
    const controller = new AbortController();
    const result = api.upload('authen/upload', v.unknown(), { form: { file: photo() }, signal: controller.signal });
    controller.abort();
    expect(sent().aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ kind: 'aborted' });
    const failing = api.upload('authen/upload', v.unknown(), { form: { file: photo() } });
    sent().onerror?.();
    await expect(failing).rejects.toMatchObject({ kind: 'network', message: MESSAGES.network });
  });

  it('times out after 100 s without progress, but not while bytes keep going out', async () => {
    vi.useFakeTimers();
    const { api } = client();
    const result = api.upload('authen/upload', v.unknown(), { form: { file: photo() } }).catch((e: unknown) => e);
    const xhr = sent();
    for (let i = 1; i <= 3; i++) {
      vi.advanceTimersByTime(TIMEOUT_MS - 1000);
      xhr.progress(i * 100, 2048);
    }
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(TIMEOUT_MS);
    expect(xhr.aborted).toBe(true);
    expect(await result).toMatchObject({ kind: 'timeout', message: MESSAGES.timeout });
  });
});
