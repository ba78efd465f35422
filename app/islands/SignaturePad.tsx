// The signature pad: strokes drawn with perfect-freehand on a canvas (300×200 by default, resized
// to its container's width), exported as a PNG data URL into a hidden input. Before JavaScript
// runs only the hidden input exists; the form then offers an upload or a typed signature.
// perfect-freehand is not part of the page's first load (decision 097): it is fetched when a
// pointer comes over the pad or it takes focus; points drawn before it arrives are kept and
// drawn, and published, as soon as it does.
import { useCallback, useEffect, useRef, useState } from "react";
import type { getStroke } from "perfect-freehand";
import { Button, Group, Text } from "~/ui";

type Point = [number, number, number];

interface SignaturePadProps {
  name: string;
  /** A PNG data URL already given (carried across a failed post). */
  defaultValue?: string;
  label: string;
  help: string;
  clearLabel: string;
  /** Id of the element with the field's error, for aria-describedby. */
  errorId?: string;
  width?: number;
  height?: number;
}

type GetStroke = typeof getStroke;

let freehand: Promise<GetStroke> | null = null;
/** perfect-freehand, fetched once; a failed download is tried again on the next call. */
function loadFreehand(): Promise<GetStroke> {
  freehand ??= import("perfect-freehand").then(
    (m) => m.getStroke,
    (err: unknown) => {
      freehand = null;
      throw err;
    },
  );
  return freehand;
}

function strokePath(outlineOf: GetStroke, points: Point[]): Path2D {
  const outline = outlineOf(points, { size: 3, thinning: 0.6, smoothing: 0.5, streamline: 0.5 });
  const path = new Path2D();
  outline.forEach(([x, y], i) => (i === 0 ? path.moveTo(x!, y!) : path.lineTo(x!, y!)));
  path.closePath();
  return path;
}

export function SignaturePad({
  name,
  defaultValue,
  label,
  help,
  clearLabel,
  errorId,
  width = 300,
  height = 200,
}: SignaturePadProps) {
  const [ready, setReady] = useState(false);
  // Controlled: React would otherwise reset a hidden input to its defaultValue on re-render
  // (a hidden input's value is its default value).
  const [value, setValue] = useState(defaultValue ?? "");
  useEffect(() => setValue(defaultValue ?? ""), [defaultValue]);
  const [size, setSize] = useState({ width, height });
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const strokes = useRef<Point[][]>([]);
  const current = useRef<Point[] | null>(null);
  const freehandStroke = useRef<GetStroke | null>(null);

  useEffect(() => setReady(true), []);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#102060";
    const stroke = freehandStroke.current;
    if (!stroke) return; // drawn when perfect-freehand arrives
    for (const s of [...strokes.current, ...(current.current ? [current.current] : [])]) {
      ctx.fill(strokePath(stroke, s));
    }
  }, []);

  const start = useCallback(() => {
    if (freehandStroke.current) return Promise.resolve();
    return loadFreehand().then((fn) => {
      freehandStroke.current = fn;
      // Points drawn while it was on its way; a carried signature stays until the person draws.
      if (strokes.current.length || current.current) redraw();
    });
  }, [redraw]);

  // Follow the container's width; the height stays as given.
  useEffect(() => {
    if (!ready || !wrapRef.current) return;
    const el = wrapRef.current;
    const fit = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setSize((s) => (s.width === w ? s : { width: w, height }));
    };
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ready, height]);

  useEffect(() => {
    if (!ready) return;
    redraw();
    // A signature carried over from a failed post is shown until the person draws again.
    if (strokes.current.length === 0 && inputRef.current?.value) {
      const img = new Image();
      img.onload = () => canvasRef.current?.getContext("2d")?.drawImage(img, 0, 0);
      img.src = inputRef.current.value;
    }
  }, [ready, size, redraw]);

  const publish = (next: string) => {
    const input = inputRef.current;
    if (!input) return;
    setValue(next);
    // Set now too, so the form's validation on the events below reads the new value.
    input.value = next;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  };

  const pointAt = (e: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top, e.pressure || 0.5];
  };

  return (
    <div
      ref={wrapRef}
      className="signature-pad"
      onPointerOver={() => void start().catch(() => {})}
      onFocus={() => void start().catch(() => {})}
    >
      <input ref={inputRef} type="hidden" name={name} value={value} readOnly />
      {ready ? (
        <>
          <Text size="sm" fw={500} aria-hidden="true">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {help}
          </Text>
          <canvas
            id={`${name}-canvas`}
            ref={canvasRef}
            width={size.width}
            height={size.height}
            role="img"
            aria-label={label}
            aria-describedby={errorId}
            className="signature-pad-canvas"
            style={{
              touchAction: "none",
              width: size.width,
              // Until the container's width is read (after hydration, later on a slow phone) the
              // pad is 300 px: on a 320 px screen it must not push the page sideways meanwhile.
              maxWidth: "calc(100% - 2px)",
              height: size.height,
              border: "1px solid #868e96",
              borderRadius: 4,
              display: "block",
            }}
            onPointerDown={(e) => {
              void start().catch(() => {});
              e.currentTarget.setPointerCapture(e.pointerId);
              current.current = [pointAt(e)];
              redraw();
            }}
            onPointerMove={(e) => {
              if (!current.current) return;
              current.current.push(pointAt(e));
              redraw();
            }}
            onPointerUp={() => {
              if (!current.current) return;
              strokes.current.push(current.current);
              current.current = null;
              // Published once drawn: at once, or when perfect-freehand arrives. If it cannot
              // be fetched (offline), nothing is published and the action asks for a signature.
              start().then(
                () => canvasRef.current && publish(canvasRef.current.toDataURL("image/png")),
                () => {},
              );
            }}
          />
          <Group>
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                strokes.current = [];
                current.current = null;
                redraw();
                publish("");
              }}
            >
              {clearLabel}
            </Button>
          </Group>
        </>
      ) : null}
    </div>
  );
}
