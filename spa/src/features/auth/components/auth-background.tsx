import { useEffect, useState } from 'react';
import '@/features/auth/auth.css';

// The sign-in screens' decorative background: 25 leaves and 8 branches at random
// places, drawn anew every 45 seconds. Purely visual: hidden from assistive technology, and
// under prefers-reduced-motion the CSS keeps it still.

export const leafCount = 25;
export const branchCount = 8;
export const regenerateMs = 45_000;

interface Leaf {
  left: number;
  top: number;
  size: number;
  rotate: number;
  delay: number;
  duration: number;
  shade: number;
}

interface Branch {
  left: number;
  top: number;
  length: number;
  rotate: number;
  flip: boolean;
  delay: number;
}

export interface Scene {
  generation: number;
  leaves: Leaf[];
  branches: Branch[];
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

export function makeScene(generation: number, random: () => number = Math.random): Scene {
  return {
    generation,
    leaves: Array.from({ length: leafCount }, () => ({
      left: between(random, 0, 100),
      top: between(random, -10, 100),
      size: between(random, 14, 34),
      rotate: between(random, 0, 360),
      delay: between(random, 0, 12),
      duration: between(random, 10, 22),
      shade: Math.floor(between(random, 0, 3)),
    })),
    branches: Array.from({ length: branchCount }, (_, i) => ({
      // Alternate edges so branches frame the card instead of crossing it.
      left: i % 2 === 0 ? between(random, -8, 18) : between(random, 72, 96),
      top: between(random, 0, 90),
      length: between(random, 120, 220),
      rotate: between(random, -35, 35),
      flip: i % 2 === 1,
      delay: between(random, 0, 6),
    })),
  };
}

const leafPath = 'M12 2C6 6 4 12 6 20c6-1 11-6 12-12 0-2-1-4-6-6z';

function BranchShape({ length }: { length: number }) {
  return (
    <svg width={length} height={length / 2.5} viewBox="0 0 200 80" fill="none">
      <path d="M2 70 C60 60 120 40 198 8" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      {[30, 70, 110, 150].map((x, j) => (
        <path
          key={x}
          d={leafPath}
          fill="currentColor"
          opacity="0.8"
          transform={`translate(${x} ${62 - x * 0.33}) rotate(${j % 2 ? 35 : -145}) scale(1.1)`}
        />
      ))}
    </svg>
  );
}

export function AuthBackground() {
  const [scene, setScene] = useState(() => makeScene(0));

  useEffect(() => {
    const timer = setInterval(() => setScene((prev) => makeScene(prev.generation + 1)), regenerateMs);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="auth-background" aria-hidden="true" data-testid="auth-background">
      {scene.branches.map((b, i) => (
        <span
          key={`b${scene.generation}-${i}`}
          className={`bg-branch${b.flip ? ' flip' : ''}`}
          style={{
            left: `${b.left}%`,
            top: `${b.top}%`,
            transform: `rotate(${b.rotate}deg)${b.flip ? ' scaleX(-1)' : ''}`,
            animationDelay: `${b.delay}s`,
          }}
        >
          <BranchShape length={b.length} />
        </span>
      ))}
      {scene.leaves.map((leaf, i) => (
        <span
          key={`l${scene.generation}-${i}`}
          className={`bg-leaf shade-${leaf.shade}`}
          style={{
            left: `${leaf.left}%`,
            top: `${leaf.top}%`,
            width: leaf.size,
            height: leaf.size,
            animationDelay: `${leaf.delay}s`,
            animationDuration: `${leaf.duration}s`,
            ['--leaf-rotate' as string]: `${leaf.rotate}deg`,
          }}
        >
          <svg viewBox="0 0 24 24" width="100%" height="100%">
            <path d={leafPath} fill="currentColor" />
            <path d="M7 19C10 14 13 10 17 6" stroke="rgba(255,255,255,0.5)" strokeWidth="1" fill="none" />
          </svg>
        </span>
      ))}
    </div>
  );
}
