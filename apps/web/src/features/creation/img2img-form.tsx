import { calls, CREATION_LIMITS, CREATION_RATIOS, ErrorCode, errorMessage, type Creation, type CreationRatio } from '@starlit/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isOk } from '../../api/client';
import { currentLanguage } from '../../i18n/i18n';
import { fileToBase64 } from '../../platform/file-data';
import { Button } from '../../ui/button';
import { FieldMessage, SelectField, TextArea } from '../../ui/field';
import { FileButton } from '../../ui/file-button';
import { ImageIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { nearestRatio } from './nearest-ratio';
import type { StudioFormProps } from './studio-workflows';
import { ImageResult, StyleField, type Style } from './text2img-form';

/** The picture to start from once the server took it. */
export interface Reference {
  key: string;
  width: number;
  height: number;
}

/**
 * img2Img: a picture of the person's (uploaded as soon as it is chosen, judged by the server),
 * a description, a style, a ratio (set to the picture's shape when chosen) and how far the
 * result may move from the picture.
 */
export function Img2ImgForm({ studio, submitLabel }: StudioFormProps) {
  const { t } = useTranslation('creation');
  const [reference, setReference] = useState<Reference | null>(null);
  const [description, setDescription] = useState('');
  const [style, setStyle] = useState<Style>('watercolor');
  const [ratio, setRatio] = useState<CreationRatio>('1:1');
  const [strength, setStrength] = useState(50);
  const [uploading, setUploading] = useState(false);
  const generate = (event: FormEvent) => {
    event.preventDefault();
    if (!reference) return studio.setProblem({ message: t('workflows.img2Img.pictureRequired'), recharge: false });
    if (!description.trim()) return studio.setProblem({ message: t('descriptionRequired'), recharge: false });
    studio.create({ workflow: 'img2Img', description, style, ratio, strength: strength / 100, referenceKey: reference.key });
  };
  const chosen = (taken: Reference | null) => {
    setReference(taken);
    if (!taken) return;
    setRatio(nearestRatio(taken.width, taken.height));
    studio.setProblem(null);
  };
  return (
    <form onSubmit={generate} className="flex flex-col gap-4" aria-label={t('workflows.img2Img.title')}>
      <ReferencePicker reference={reference} onChange={chosen} onUploading={setUploading} />
      <TextArea label={t('description')} value={description} onChange={setDescription} max={CREATION_LIMITS.descriptionChars} rows={3} placeholder={t('workflows.img2Img.placeholder')} />
      <div className="grid grid-cols-2 gap-3">
        <StyleField value={style} onChange={setStyle} />
        <SelectField<CreationRatio> label={t('ratio')} value={ratio} onChange={(v) => v && setRatio(v)} options={CREATION_RATIOS.map((r) => ({ value: r, label: r }))} />
      </div>
      <StrengthSlider value={strength} onChange={setStrength} />
      <Button type="submit" disabled={uploading || studio.pending || studio.generating}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * Choosing a picture uploads it at once, so a refusal (not a picture, too large) shows before
 * anything else is filled in. The preview is the chosen file itself; choosing another replaces it.
 */
export function ReferencePicker({ reference, onChange, onUploading }: { reference: Reference | null; onChange(reference: Reference | null): void; onUploading(busy: boolean): void }) {
  const { t } = useTranslation('creation');
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState('');
  // a second choice while the first still uploads wins; the first one's answer is ignored
  const latest = useRef(0);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const busy = (value: boolean) => {
    setUploading(value);
    onUploading(value);
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const turn = ++latest.current;
    onChange(null);
    // a file too large is refused here rather than sent as megabytes of base64 to be refused
    if (file.size > CREATION_LIMITS.imageBytes) {
      busy(false);
      setPreview(null);
      return setRefusal(errorMessage(ErrorCode.CREATION_IMAGE_SIZE, currentLanguage()));
    }
    setRefusal('');
    setPreview(URL.createObjectURL(file));
    busy(true);
    const result = await callApi(calls.creation.upload, { kind: 'image', data: await fileToBase64(file) });
    if (turn !== latest.current) return;
    busy(false);
    if (!isOk(result)) {
      setPreview(null);
      return setRefusal(result.message);
    }
    onChange({ key: result.data.key, width: result.data.width ?? 1, height: result.data.height ?? 1 });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <div className="relative grid size-24 shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-line bg-page text-muted">
          {preview ? <img src={preview} alt={t('workflows.img2Img.pictureAlt')} className={`size-full object-cover ${uploading ? 'opacity-50' : ''}`} /> : <ImageIcon size={28} />}
          {uploading && <Spinner className="absolute size-6 text-brand-600" />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <FileButton label={<span className="font-medium text-ink">{t('workflows.img2Img.picture')}</span>} accept="image/jpeg,image/png,image/webp" onFile={(file) => void choose(file)} />
          <p role="status" className="text-xs text-muted">
            {uploading ? t('workflows.img2Img.uploading') : reference ? t('workflows.img2Img.uploaded', { width: reference.width, height: reference.height }) : t('workflows.img2Img.pictureHint')}
          </p>
        </div>
      </div>
      <FieldMessage text={refusal} />
    </div>
  );
}

/** How far the result may move from the picture, 0–100 %: the engines' denoising strength. */
function StrengthSlider({ value, onChange }: { value: number; onChange(value: number): void }) {
  const { t } = useTranslation('creation');
  const id = useId();
  const shown = t('workflows.img2Img.strengthValue', { percent: value });
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('workflows.img2Img.strength')}
        </label>
        <output htmlFor={id} className="text-sm font-semibold text-ink tabular-nums">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-valuetext={shown}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-6 w-full cursor-pointer accent-brand-600"
      />
      <div className="flex justify-between gap-3 text-xs text-muted" aria-hidden="true">
        <span>{t('workflows.img2Img.strengthLow')}</span>
        <span className="text-right">{t('workflows.img2Img.strengthHigh')}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('workflows.img2Img.strengthHint')}
      </p>
    </div>
  );
}

/** The redrawn picture, with the picture it was made from beside it. */
export function Img2ImgResult({ creation }: { creation: Creation }) {
  const { t } = useTranslation('creation');
  const reference = creation.files.find((f) => f.role === 'reference');
  const strength = creation.params.workflow === 'img2Img' ? Math.round(creation.params.strength * 100) : null;
  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <ImageResult creation={creation} />
      </div>
      {reference && (
        <figure className="flex w-20 shrink-0 flex-col gap-1">
          <img src={reference.url} alt={t('workflows.img2Img.pictureAlt')} className="aspect-square w-full rounded-lg border border-line object-cover" />
          <figcaption className="text-xs leading-snug text-muted">{t('workflows.img2Img.madeFrom', { percent: strength })}</figcaption>
        </figure>
      )}
    </div>
  );
}
