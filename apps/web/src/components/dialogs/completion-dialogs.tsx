import { Button, Stack, Text } from "@mantine/core";
import { CURRENCY_NAME } from "@neonlab/shared/constants";
import { IconAward, IconBolt, IconFlame, IconTrophy } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { useSession } from "../../lib/session.tsx";
import classes from "./dialog.module.css";
import { RewardFigure } from "./reward-figure.tsx";

type CloseProps = { onClose: () => void };

function Celebration({
  emblem,
  tone = "green",
  children,
  action,
  onClose,
}: CloseProps & { emblem: ReactNode; tone?: "green" | "magenta" | "cyan"; children: ReactNode; action: string }) {
  const toneClass = tone === "magenta" ? classes.emblemMagenta : tone === "cyan" ? classes.emblemCyan : "";
  return (
    <div className={classes.celebration}>
      <div className={`${classes.emblem} ${toneClass}`} aria-hidden="true">
        {emblem}
      </div>
      {children}
      <Button fullWidth mt="sm" onClick={onClose} data-autofocus>
        {action}
      </Button>
    </div>
  );
}

/** Lesson (2) and project (3) complete: both force a profile reload so the header XP updates. */
export function CompletionDialog({ kind, xp, onClose }: CloseProps & { kind: "lesson" | "project"; xp?: number }) {
  const { refreshProfile } = useSession();
  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);
  return (
    <Celebration emblem={<IconBolt size={44} stroke={1.6} />} action="Sounds Good" onClose={onClose}>
      <h2 className={classes.heading}>Great work!</h2>
      {xp && xp > 0 ? <RewardFigure amount={xp} unit="XP" tone="xp" /> : null}
      <Text>
        {xp && xp > 0 ? `You've earned ${xp} XP for completing this ${kind}.` : `You've completed this ${kind}.`}
      </Text>
    </Celebration>
  );
}

/** Streak (4). */
export function StreakDialog({ count, onClose }: CloseProps & { count: number }) {
  return (
    <Celebration emblem={<IconFlame size={46} stroke={1.6} />} tone="magenta" action="Keep Going" onClose={onClose}>
      <h2 className={classes.streakCount}>{`${count} Day Streak!`}</h2>
      <p className={classes.status}>Streak mode: ON</p>
    </Celebration>
  );
}

/** "You've earned 20 NeonBits for completing this chapter.", after the counted-up figure; nothing for 0. */
function NeonBitsEarned({ amount, kind }: { amount: number; kind: "chapter" | "course" }) {
  if (amount <= 0) return null;
  return (
    <>
      <RewardFigure amount={amount} unit={CURRENCY_NAME} tone="bits" />
      <Text data-neonbits-earned>{`You've earned ${amount} ${CURRENCY_NAME} for completing this ${kind}.`}</Text>
    </>
  );
}

/** Chapter complete (5): the badge image and name, and the NeonBits the chapter earned. */
export function ChapterBadgeDialog({
  name,
  image,
  neonbits = 0,
  onClose,
}: CloseProps & { name: string; image: string; neonbits?: number }) {
  return (
    <Celebration emblem={<IconAward size={44} stroke={1.6} />} tone="cyan" action="Sounds Good" onClose={onClose}>
      <h2 className={classes.heading}>Here's Your Badge!</h2>
      <Stack gap={6} align="center">
        <img className={classes.badgeImage} src={image} alt={`${name} badge`} width={120} height={120} />
        <Text fw={700} className="nl-terminal" data-badge-name>
          {name}
        </Text>
      </Stack>
      <NeonBitsEarned amount={neonbits} kind="chapter" />
    </Celebration>
  );
}

/** Course complete (6), titled Congratulations, with the NeonBits the course earned. */
export function CourseCompleteDialog({ neonbits = 0, onClose }: CloseProps & { neonbits?: number }) {
  return (
    <Celebration emblem={<IconTrophy size={44} stroke={1.6} />} action="Awesome!" onClose={onClose}>
      <Text size="lg">You've successfully completed the course!</Text>
      <NeonBitsEarned amount={neonbits} kind="course" />
    </Celebration>
  );
}
