import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Photo } from '@/components/ui/photo';
import { photoAccept, PhotoError, preparePhoto, uploadPhoto } from '@/lib/uploads';
import { isLocalPhoto, keepLocalPhoto, localPhotoUrl } from '@/lib/offline/local-photos';
import type { UploadPurpose } from '@/types/api';
import '@/components/ui/photo-picker.css';

interface Pending {
  id: string;
  name: string;
  progress: number;
}

/**
 * Choose, resize and upload up to `max` photos; `value` holds the uploaded keys. The file input is
 * the control itself (visually a button), so it takes focus and Enter/Space; progress is a
 * <progress> with its label, and errors (type, size, network, daily cap) are read out.
 */
export function PhotoPicker({
  label,
  purpose,
  max = 1,
  value,
  onChange,
  onBusyChange,
  error,
  alt = 'Foto enviada',
  name,
  keepOffline = false,
}: {
  label: string;
  purpose: UploadPurpose;
  max?: number;
  value: string[];
  onChange: (keys: string[]) => void;
  onBusyChange?: (busy: boolean) => void;
  error?: string | null;
  alt?: string;
  /** The file input's name (a form focuses the field the server refused by it). */
  name?: string;
  /**
   * With no connection, keep the photo on the device (a 'local:' key, lib/offline/local-photos.ts)
   * instead of failing: the form's create then goes to the offline queue, which uploads it later.
   */
  keepOffline?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [localError, setLocalError] = useState<string | null>(null);
  const aborts = useRef(new Set<AbortController>());
  // An upload waits in the server's quarantine, which nothing serves, until the item is saved:
  // its preview is the photo as sent, from memory.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewUrls = useRef<string[]>([]);
  useEffect(() => {
    const urls = previewUrls.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  // The keys as of the last render, read after an upload ends (value may have changed meanwhile).
  const keys = useRef(value);
  useEffect(() => {
    keys.current = value;
  }, [value]);

  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((a) => a.abort());
  }, []);
  useEffect(() => onBusyChange?.(pending.length > 0), [pending.length, onBusyChange]);

  const room = max - value.length - pending.length;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    setLocalError(files.length > room ? `Envie no máximo ${max} ${max === 1 ? 'foto' : 'fotos'}.` : null);
    for (const file of files.slice(0, Math.max(0, room))) {
      const p: Pending = { id: crypto.randomUUID(), name: file.name, progress: 0 };
      const abort = new AbortController();
      aborts.current.add(abort);
      setPending((list) => [...list, p]);
      const progress = (f: number) => setPending((list) => list.map((x) => (x.id === p.id ? { ...x, progress: f } : x)));
      const keep = async () => keepLocalPhoto(await preparePhoto(file));
      try {
        let key: string;
        if (keepOffline && !navigator.onLine) key = await keep();
        else {
          const sent = await uploadPhoto(file, purpose, progress, abort.signal);
          key = sent.key;
          const preview = URL.createObjectURL(sent.blob);
          previewUrls.current.push(preview);
          setPreviews((p) => ({ ...p, [key]: preview }));
        }
        keys.current = [...keys.current, key];
        onChange(keys.current);
      } catch (err) {
        if (abort.signal.aborted) {
          // the form went away
        } else if (keepOffline && err instanceof PhotoError && err.network) {
          // No answer: kept on the device, sent with the entry by the offline queue.
          try {
            keys.current = [...keys.current, await keep()];
            onChange(keys.current);
          } catch (kept) {
            setLocalError(kept instanceof PhotoError ? kept.message : err.message);
          }
        } else {
          setLocalError(err instanceof PhotoError ? err.message : 'Não foi possível enviar a foto. Tente novamente.');
        }
      } finally {
        aborts.current.delete(abort);
        setPending((list) => list.filter((x) => x.id !== p.id));
      }
    }
  }

  function remove(key: string) {
    onChange(value.filter((k) => k !== key));
    inputRef.current?.focus();
  }

  const shown = localError ?? error;
  const errorId = `${id}-erro`;
  const hintId = `${id}-dica`;
  return (
    <div className="field photo-picker">
      <span className="photo-picker-label" id={`${id}-rotulo`}>
        {label}
      </span>
      {value.length > 0 && (
        <ul className="photo-picker-list" aria-label="Fotos escolhidas">
          {value.map((key, i) => (
            <li key={key}>
              {previews[key] || isLocalPhoto(key) ? (
                <img src={previews[key] ?? localPhotoUrl(key)} alt={`${alt} ${value.length > 1 ? i + 1 : ''}`.trim()} width={96} height={96} />
              ) : (
                <Photo photo={key} alt={`${alt} ${value.length > 1 ? i + 1 : ''}`.trim()} width={96} height={96} eager />
              )}
              <button type="button" className="button button-secondary button-small" onClick={() => remove(key)} aria-label={`Remover foto ${i + 1}`}>
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending.map((p) => (
        <div key={p.id} className="photo-picker-progress">
          <label htmlFor={`${id}-${p.id}`}>Enviando {p.name}…</label>
          <progress id={`${id}-${p.id}`} max={1} value={p.progress} />
        </div>
      ))}
      {room > 0 && (
        <label className="button button-secondary photo-picker-button">
          {value.length === 0 ? (max === 1 ? 'Escolher foto' : 'Escolher fotos') : 'Adicionar foto'}
          <input
            ref={inputRef}
            id={id}
            name={name}
            className="visually-hidden"
            type="file"
            accept={photoAccept}
            multiple={max - value.length > 1}
            onChange={choose}
            aria-labelledby={`${id}-rotulo`}
            aria-describedby={[hintId, shown ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={shown ? true : undefined}
          />
        </label>
      )}
      <p className="field-hint" id={hintId}>
        JPEG, PNG ou WebP, até 5 MB{max > 1 ? `; no máximo ${max} fotos` : ''}.
        {value.some(isLocalPhoto) && ' Sem conexão: a foto fica neste aparelho e vai junto quando o registro for enviado.'}
      </p>
      <p className="field-error" id={errorId} role="alert">
        {shown}
      </p>
    </div>
  );
}
