import { authMessages, validateLogin, validateRegistration } from '@/features/auth/validation';

const valid = { name: 'Maria', email: 'maria@exemplo.com', password: 'segredo1', confirmPassword: 'segredo1' };

describe('validateRegistration', () => {
  it('accepts a complete registration', () => {
    expect(validateRegistration(valid)).toBeNull();
  });

  it.each([
    [{ name: ' ' }, 'name', authMessages.nameRequired],
    [{ email: '' }, 'email', authMessages.emailRequired],
    [{ email: 'maria@' }, 'email', authMessages.emailInvalid],
    [{ password: '', confirmPassword: '' }, 'password', authMessages.passwordRequired],
    [{ confirmPassword: '' }, 'confirmPassword', authMessages.confirmPasswordRequired],
    [{ confirmPassword: 'outra123' }, 'confirmPassword', 'As senhas não coincidem'],
    [{ password: '12345', confirmPassword: '12345' }, 'password', 'A senha deve ter pelo menos 8 caracteres'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(validateRegistration({ ...valid, ...change })).toEqual({ field, message });
  });

  it('accepts exactly 8 characters and refuses 7, as the user pool does', () => {
    expect(validateRegistration({ ...valid, password: '12345678', confirmPassword: '12345678' })).toBeNull();
    expect(validateRegistration({ ...valid, password: '1234567', confirmPassword: '1234567' })).toEqual({
      field: 'password',
      message: 'A senha deve ter pelo menos 8 caracteres',
    });
  });
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: 'x' })?.message).toBe(authMessages.emailRequired);
    expect(validateLogin({ email: 'a@b.co', password: '' })?.message).toBe(authMessages.passwordRequired);
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
});

describe('registration name', () => {
  it('refuses a name longer than the profile takes (80 characters)', () => {
    const base = { email: 'a@b.co', password: '12345678', confirmPassword: '12345678' };
    expect(validateRegistration({ ...base, name: 'a'.repeat(300) })).toEqual({ field: 'name', message: 'O nome deve ter no máximo 80 caracteres' });
    expect(validateRegistration({ ...base, name: ` ${'ã'.repeat(80)} ` })).toBeNull();
  });
});
