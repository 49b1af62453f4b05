/**
 * qrcode and barcode widgets (npm `qrcode`, `jsbarcode`), loaded only when a form has one.
 * Whether a bar code can draw the text is the core's rule (isBarcodeText: letters and digits).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import JsBarcode from 'jsbarcode';
import type { Field } from './definition';
import { useEngineContext } from './context';

const num = (v: unknown, d: number) => (typeof v === 'number' ? v : Number(v) || d);
const str = (v: unknown, d: string) => (typeof v === 'string' && v ? v : d);

export function QrCode({ field, text }: { field: Field; text: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || !text) return;
    void QRCode.toCanvas(canvas.current, text, {
      width: num(field.size, 100),
      margin: 1,
      errorCorrectionLevel: 'L', // WGT-105
      color: { dark: str(field.colorDark, '#000000'), light: str(field.colorLight, '#ffffff') },
    }).catch(() => undefined);
  }, [text, field.size, field.colorDark, field.colorLight]);
  return text ? <canvas className="qm-engine-qrcode" ref={canvas} data-text={text} /> : <div className="qm-engine-code-empty" />;
}

export function BarCode({ field, text }: { field: Field; text: string }) {
  const { t } = useTranslation();
  const { core } = useEngineContext();
  const svg = useRef<SVGSVGElement>(null);
  const drawable = !!text && (!core || core.isBarcodeText(text));
  useEffect(() => {
    if (!svg.current || !drawable) return;
    try {
      JsBarcode(svg.current, text, {
        format: str(field.format, 'code128').toUpperCase(),
        lineColor: str(field.lineColor, '#000000'),
        background: str(field.background, '#ffffff'),
        // WGT-100: width 4, height 40, margin 5, the value not printed under the bars.
        width: num(field.width, 4),
        height: num(field.height, 40),
        margin: 5,
        displayValue: false,
      });
    } catch {
      // a text the chosen format cannot encode draws nothing
    }
  }, [drawable, text, field.format, field.lineColor, field.background, field.width, field.height]);
  if (!text) return <div className="qm-engine-code-empty" />;
  return drawable ? <svg className="qm-engine-barcode" ref={svg} data-text={text} /> : <span className="qm-engine-code-bad">{t('engine.barcodeText')}</span>;
}
