import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useBarcodeCamera, useCanScanWithCamera } from '../hooks/use-barcode-camera';

/** The live camera and what it is doing; mounted only while the dialog is open, so closing stops it. */
function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const { videoRef, state } = useBarcodeCamera(onCode);
  return (
    <div className="space-y-3">
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-900">
        <video ref={videoRef} muted playsInline className="size-full object-cover" aria-label="Camera" />
        {state.status === 'scanning' && (
          // Where to hold the code; detection reads the whole frame all the same.
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-[18%] rounded-lg border-2 border-white/80 shadow-[0_0_0_999px_rgba(15,23,42,0.35)]"
          />
        )}
        {state.status === 'starting' && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
            <Spinner className="size-5" />
            Starting the camera
          </div>
        )}
      </div>
      <p
        role={state.status === 'failed' ? 'alert' : 'status'}
        className={state.status === 'failed' ? 'text-sm font-medium text-rose-700' : 'text-sm text-slate-600'}
      >
        {state.status === 'failed'
          ? state.message
          : state.status === 'scanning'
            ? 'Hold the pack’s DataMatrix or barcode inside the frame, about a hand’s width away.'
            : 'Allow the camera if the browser asks.'}
      </p>
    </div>
  );
}

/**
 * 'Scan with camera', shown only where the browser can scan: reads one code and hands it over, as
 * if a hand scanner had typed it into the Barcode field.
 */
export function CameraScanButton({ onCode }: { onCode: (code: string) => void }) {
  const canScan = useCanScanWithCamera();
  const [open, setOpen] = useState(false);
  if (!canScan) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <svg className="size-4 text-slate-600" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path
            d="M3 7V5a2 2 0 0 1 2-2h2M13 3h2a2 2 0 0 1 2 2v2M17 13v2a2 2 0 0 1-2 2h-2M7 17H5a2 2 0 0 1-2-2v-2M6 10h8"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
        Scan with camera
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Scan the pack"
        description="Reads the GS1 DataMatrix, QR, GS1-128 or EAN-13 code on the pack."
      >
        {open && (
          <CameraView
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
          />
        )}
      </Dialog>
    </>
  );
}
