import { act, render } from '@testing-library/react';
import { AuthBackground, branchCount, leafCount, makeScene, regenerateMs } from '@/features/auth/components/auth-background';

describe('decorative background', () => {
  it('has 25 leaves and 8 branches, hidden from assistive technology', () => {
    const { getByTestId } = render(<AuthBackground />);
    const background = getByTestId('auth-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(background.querySelectorAll('.bg-leaf')).toHaveLength(25);
    expect(background.querySelectorAll('.bg-branch')).toHaveLength(8);
    expect(leafCount).toBe(25);
    expect(branchCount).toBe(8);
  });

  it('is drawn anew every 45 seconds', () => {
    vi.useFakeTimers();
    try {
      const { getByTestId } = render(<AuthBackground />);
      const firstLeaf = getByTestId('auth-background').querySelector('.bg-leaf');
      act(() => vi.advanceTimersByTime(regenerateMs - 1));
      expect(getByTestId('auth-background').querySelector('.bg-leaf')).toBe(firstLeaf);
      act(() => vi.advanceTimersByTime(1));
      const leaves = getByTestId('auth-background').querySelectorAll('.bg-leaf');
      expect(leaves).toHaveLength(25);
      expect(leaves[0]).not.toBe(firstLeaf);
    } finally {
      vi.useRealTimers();
    }
  });

  it('places things from the random source it is given', () => {
    const scene = makeScene(3, () => 0.5);
    expect(scene.generation).toBe(3);
    expect(scene.leaves[0]!.left).toBe(50);
  });
});
