import components from '@/styles/components.css?raw';

// Two controls the browser draws its own way unless told: a fieldset (Colaboradores) gets a grey
// frame, a file input (Dados) a bare system button. components.css lays them out as the app's.
function rule(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`);
  return start < 0 ? '' : css.slice(start, css.indexOf('}', start));
}

describe('form controls', () => {
  it('a fieldset of a form is laid out as a field, with no frame', () => {
    expect(rule(components, 'fieldset.field')).toMatch(/border:\s*0/);
  });

  it('a file input shows the app\'s secondary button', () => {
    const button = rule(components, "input[type='file']::file-selector-button");
    expect(button).toMatch(/border:\s*1px solid var\(--green-200\)/);
    expect(button).toMatch(/color:\s*var\(--green-800\)/);
  });
});
