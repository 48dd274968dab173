import { fireEvent, screen } from '@testing-library/react';
import { renderUi } from '../../testing/renderUi';
import { FileInput } from './FileInput';
import { formatBytes, validateFile } from './validateFile';

const MB = 1024 * 1024;

function fileOf(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function setup(extra: Partial<Parameters<typeof FileInput>[0]> = {}) {
  const onFilesChange = jest.fn();
  const onReject = jest.fn();
  const utils = renderUi(
    <FileInput
      label="Sentence file"
      accept={['.txt', '.csv']}
      maxBytes={2 * MB}
      onFilesChange={onFilesChange}
      onReject={onReject}
      {...extra}
    />,
    // Let wrong types through the picker so our own check is what rejects them (drops bypass `accept`).
    { user: { applyAccept: false } },
  );
  return {
    ...utils,
    onFilesChange,
    onReject,
    input: screen.getByLabelText('Sentence file') as HTMLInputElement,
  };
}

describe('FileInput', () => {
  it('accepts a valid file: passes it on and shows its name', async () => {
    const { user, input, onFilesChange } = setup();
    const file = fileOf('sentences.csv', 'text/csv', 1000);
    await user.upload(input, file);
    expect(onFilesChange).toHaveBeenLastCalledWith([file]);
    expect(screen.getByText(/sentences\.csv/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('rejects a file over maxBytes with a clear message', async () => {
    const { user, input, onFilesChange, onReject } = setup();
    await user.upload(input, fileOf('big.txt', 'text/plain', 2 * MB + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File is too large (max 2 MB)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onReject).toHaveBeenCalledWith('File is too large (max 2 MB)', expect.any(File));
    expect(onFilesChange).not.toHaveBeenCalledWith([expect.anything()]);
  });

  it('rejects an unsupported type with the accepted list', async () => {
    const { user, input, onFilesChange } = setup();
    await user.upload(input, fileOf('photo.png', 'image/png', 100));
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported file type. Accepted: .txt, .csv');
    expect(onFilesChange).not.toHaveBeenCalledWith([expect.anything()]);
  });

  it('a valid file after a rejection clears the error', async () => {
    const { user, input } = setup();
    await user.upload(input, fileOf('photo.png', 'image/png', 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.upload(input, fileOf('ok.txt', 'text/plain', 100));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes files dropped on the zone, with the same rules', () => {
    const { onFilesChange } = setup();
    const zone = screen.getByTestId('file-drop-zone');
    const good = fileOf('drop.txt', 'text/plain', 10);
    fireEvent.dragOver(zone, { dataTransfer: { files: [good] } });
    fireEvent.drop(zone, { dataTransfer: { files: [good] } });
    expect(onFilesChange).toHaveBeenLastCalledWith([good]);
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('x.exe', 'application/octet-stream', 10)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported file type. Accepted: .txt, .csv');
  });

  it('is keyboard operable: Tab reaches the native file input; the chosen file can be removed', async () => {
    const { user, input, onFilesChange } = setup();
    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, fileOf('a.txt', 'text/plain', 10));
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.queryByText(/a\.txt/)).toBeNull();
    expect(onFilesChange).toHaveBeenLastCalledWith([]);
    expect(input).toHaveFocus();
  });

  it('describes its rules to assistive technology', () => {
    const { input } = setup({ hint: 'First column holds sentences' });
    expect(input).toHaveAccessibleDescription(
      'First column holds sentences — Accepted: .txt, .csv · max 2 MB',
    );
  });
  it('a form library reading the native change event sees no file when it was rejected', async () => {
    const seen: number[] = [];
    const { user, input } = setup({ onChange: (event) => seen.push(event.target.files?.length ?? 0) });
    await user.upload(input, fileOf('big.csv', 'text/csv', 3 * MB));
    await user.upload(input, fileOf('ok.csv', 'text/csv', 10));
    expect(seen).toEqual([0, 1]);
  });
});

describe('validateFile', () => {
  it('matches MIME types and wildcards as well as extensions', () => {
    expect(validateFile({ name: 'a.wav', type: 'audio/wav', size: 1 }, { accept: 'audio/*' })).toBeNull();
    expect(
      validateFile({ name: 'a.csv', type: 'text/csv', size: 1 }, { accept: 'text/csv, .json' }),
    ).toBeNull();
    expect(validateFile({ name: 'A.CSV', type: '', size: 1 }, { accept: ['.csv'] })).toBeNull();
    expect(validateFile({ name: 'a.mp3', type: 'audio/mpeg', size: 1 }, { accept: ['.wav'] })).toBe(
      'Unsupported file type. Accepted: .wav',
    );
  });

  it('formats limits in binary units', () => {
    expect(formatBytes(2 * MB)).toBe('2 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatBytes(500)).toBe('500 B');
  });
});
