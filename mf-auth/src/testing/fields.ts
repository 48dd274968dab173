import { screen } from '@testing-library/react';

// A label reads "Password*" when the field is required (the mark is hidden from screen readers).
export const field = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name}\\*?$`), { selector: 'input,select' });
export const errorOf = (name: string) => {
  const control = field(name);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert')
    ?.textContent;
};
