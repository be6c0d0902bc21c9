import { useEffect, useRef, useState } from 'react';
import { nativeBarcodeDetector, createBarcodeReader } from '../utils/barcode-detector';

/** How often a video frame is read: quick enough to feel instant, light enough for a cheap phone. */
const SCAN_INTERVAL_MS = 200;

export type CameraState =
  { status: 'starting' } | { status: 'scanning' } | { status: 'failed'; message: string };

function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera was not allowed. Allow it in the browser’s site settings, or type or paste the code.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return 'No camera was found. Type or paste the code instead.';
  }
  if (name === 'NotReadableError') {
    return 'The camera is in use by another app. Close it and try again.';
  }
  return 'Camera scanning could not start in this browser. Type or paste the code instead.';
}

/**
 * Whether this page may compile WebAssembly, which the polyfill needs: a CSP whose script-src lacks
 * 'wasm-unsafe-eval' forbids it. Tried on the smallest module there is (its 8-byte header).
 */
function canCompileWasm(): boolean {
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    return true;
  } catch {
    return false;
  }
}

/**
 * True when this browser can scan with a camera: it has the BarcodeDetector API, or a camera and leave
 * to run the polyfill's WebAssembly. getUserMedia exists only on https and localhost, so elsewhere the
 * answer is no.
 */
export function useCanScanWithCamera(): boolean {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  const canCapture = Boolean(media?.getUserMedia);
  const [hasCamera, setHasCamera] = useState(false);
  const native = canCapture && nativeBarcodeDetector() !== undefined;
  useEffect(() => {
    if (!canCapture || native || !media || !canCompileWasm()) return;
    let live = true;
    // Before permission is given the devices have no labels, but their kinds are listed.
    media
      .enumerateDevices()
      .then((devices) => {
        if (live && devices.some((device) => device.kind === 'videoinput')) setHasCamera(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canCapture, native, media]);
  return native || hasCamera;
}

/**
 * Runs the back camera into the returned video element and reads frames until a code is found, which
 * is handed to `onCode` once. The camera is stopped when a code is found and when the caller unmounts.
 */
export function useBarcodeCamera(onCode: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const stopCamera = () => {
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) return stopCamera();
        const reader = await createBarcodeReader();
        const video = videoRef.current;
        if (stopped || !video) return stopCamera();
        video.srcObject = stream;
        await video.play();
        if (stopped) return;
        setState({ status: 'scanning' });

        const readFrame = async () => {
          if (stopped) return;
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const found = await reader.detect(video).catch(() => []);
            const code = found.find((barcode) => barcode.rawValue)?.rawValue;
            if (code && !stopped) {
              stopped = true;
              stopCamera();
              onCodeRef.current(code);
              return;
            }
          }
          if (!stopped) timer = window.setTimeout(() => void readFrame(), SCAN_INTERVAL_MS);
        };
        void readFrame();
      } catch (error) {
        stopCamera();
        if (!stopped) setState({ status: 'failed', message: cameraErrorMessage(error) });
      }
    }

    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopCamera();
    };
  }, []);

  return { videoRef, state };
}
