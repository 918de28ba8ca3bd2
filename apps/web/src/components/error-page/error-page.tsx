import { Button } from "@mantine/core";
import { PRELOADER } from "@neonlab/shared/constants";
import { IconHome } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { BinaryGrid } from "./binary-grid.tsx";
import classes from "./error-page.module.css";
import { Preloader } from "./preloader.tsx";

export type ErrorPageProps = { statusCode: number; statusMessage: string; message: string };

/**
 * The error page (spec §2): status code, status message, the error message, the current ISO time and
 * the recovery-protocol line over the binary grid, with the preloader on top (300 ms transition).
 */
export function ErrorPage({ statusCode, statusMessage, message }: ErrorPageProps) {
  const [timestamp] = useState(() => new Date().toISOString());
  useEffect(() => {
    document.title = `${statusCode} ${statusMessage} · NeonLab`;
  }, [statusCode, statusMessage]);

  return (
    <div className={classes.page} data-error-page data-status={statusCode}>
      <BinaryGrid />
      <main className={classes.panel} aria-labelledby="error-title">
        <p className={classes.system}>SYSTEM FAULT</p>
        <h1 id="error-title" className={classes.code} data-text={statusCode}>
          {statusCode}
        </h1>
        <p className={classes.statusMessage} data-status-message>
          {statusMessage}
        </p>
        <div className={classes.terminal}>
          <p data-error-message>
            <span className={classes.prompt}>&gt; ERROR:</span> {message}
          </p>
          <p data-error-timestamp>
            <span className={classes.prompt}>&gt; TIMESTAMP:</span> {timestamp}
          </p>
          <p data-error-recovery>
            <span className={classes.prompt}>&gt;</span> Initiating recovery protocol...
            <span className={classes.cursor} aria-hidden="true" />
          </p>
        </div>
        <Button component="a" href="/" size="md" leftSection={<IconHome size={18} />} className={classes.home}>
          Return to Home
        </Button>
      </main>
      <Preloader transitionMs={PRELOADER.errorTransitionMs} />
    </div>
  );
}
