//! `risk play` at an 80 × 24 terminal, played through tmux: keys are sent, the screen is read
//! back, and what a person needs must be on it (the turn's header, the troops left, the bonus
//! asked for, the dice and odds, a move of several troops, and always the prompt).

use std::time::{Duration, Instant};

use super::*;

/// A tmux server of our own (its socket in a temporary folder) running one 80 × 24 window.
struct Tmux {
    socket: PathBuf,
    _dir: TempDir,
}

impl Tmux {
    /// Starts `program args` in a detached 80 × 24 session.
    fn start(program: &str, args: &[&str]) -> Tmux {
        let dir = TempDir::new().unwrap();
        let socket = dir.path().join("tmux.sock");
        let quoted: Vec<String> = std::iter::once(program)
            .chain(args.iter().copied())
            .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
            .collect();
        let tmux = Tmux { socket, _dir: dir };
        tmux.run(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            "80",
            "-y",
            "24",
            // The shell holds the terminal open after the game ends: on Linux, what a
            // program writes just before it exits can be lost to tmux when the terminal
            // closes with the exit (seen once under a full test run: a dead pane, no verdict).
            &format!("{}; sleep 60", quoted.join(" ")),
        ]);
        // Keep the last screen if the shell ends too.
        tmux.run(&["set-option", "-t", "play", "remain-on-exit", "on"]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// The visible screen.
    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// Types `text` and presses Enter.
    fn send(&self, text: &str) {
        if !text.is_empty() {
            self.run(&["send-keys", "-t", "play", "-l", text]);
        }
        self.run(&["send-keys", "-t", "play", "Enter"]);
    }

    /// Polls the screen until `ok` holds, for at most 30 seconds.
    fn wait(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ok(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited 30 s for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Where the cursor is: its row counted from the top of the history, and on the screen.
    fn cursor(&self) -> (usize, usize) {
        let text = self.run(&[
            "display-message",
            "-p",
            "-t",
            "play",
            "#{history_size} #{cursor_y}",
        ]);
        let numbers: Vec<usize> = text
            .split_whitespace()
            .map(|n| n.parse().expect("a number from tmux"))
            .collect();
        (numbers[0] + numbers[1], numbers[1])
    }

    /// Types `text`, presses Enter and waits for the next prompt: the cursor has moved on
    /// to a line below the one typed on, and that line is a prompt. That prompt must be the
    /// last line shown.
    fn answer(&self, text: &str) -> String {
        let (typed_on, _) = self.cursor();
        self.send(text);
        let start = Instant::now();
        loop {
            // The screen between two equal cursors: nothing was written while it was read.
            let (row, y) = self.cursor();
            let screen = self.screen();
            let still = self.cursor() == (row, y);
            let on_cursor = screen.lines().nth(y).unwrap_or_default();
            if still && row > typed_on && prompt(on_cursor).is_some() {
                assert!(
                    prompt(&screen).is_some(),
                    "the prompt is not the last line after {text:?}:\n{screen}"
                );
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited 30 s for a prompt after {text:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-S")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

/// The prompt, when the screen's last non-empty line is one: `[...] ...>`.
fn prompt(screen: &str) -> Option<&str> {
    let last = screen.lines().rev().find(|l| !l.trim().is_empty())?;
    (last.starts_with('[') && last.trim_end().ends_with('>')).then_some(last)
}

/// Troops left to place, from a placement prompt ("[Turn 1/48 Place: 4 left ...").
fn left(screen: &str) -> u32 {
    let p = prompt(screen).unwrap_or_else(|| panic!("no prompt:\n{screen}"));
    let after = p.split("Place: ").nth(1).unwrap_or_else(|| panic!("{p}"));
    after.split(' ').next().unwrap().parse().unwrap()
}

/// Each of the person's territories and its troops, read from the board (`b`): cells are
/// `id name Ytroops`.
fn my_troops(screen: &str) -> Vec<(u32, u32)> {
    let board: Vec<&str> = screen
        .lines()
        .rev()
        .take_while(|l| !l.starts_with("Board:"))
        .collect();
    let mut mine = Vec::new();
    for line in board {
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in words.windows(3) {
            if let (Ok(id), Some(n)) = (w[0].parse::<u32>(), w[2].strip_prefix('Y'))
                && let Ok(n) = n.parse::<u32>()
            {
                mine.push((id, n));
            }
        }
    }
    mine.sort_unstable();
    mine
}

fn tmux_missing() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .map_or(true, |o| !o.status.success())
}

#[test]
fn a_game_at_an_80_by_24_terminal() {
    if tmux_missing() {
        eprintln!(
            "skipped: the terminal game test needs tmux; scripts/test installs it \
             (apt-get install tmux) and runs this test"
        );
        return;
    }
    // map8: Continent 1 is 0, 1, 2 (bonus 1). The rule agent aims at Continent 3 (the best
    // bonus per territory), so picking 0, 1, 2, 3, 4 leaves it 5 to 9, and the person, who
    // moves first, holds Continent 1 in the first turn.
    let tmux = Tmux::start(
        env!("CARGO_BIN_EXE_ludoforge"),
        &["risk", "play", "--map", "map8", "--seed", "11"],
    );
    let mut screen = tmux.wait("the first pick", |s| prompt(s).is_some());
    assert!(screen.contains("Board:"), "{screen}");
    for (i, t) in ["0", "1", "t2", "3", "4"].iter().enumerate() {
        assert!(
            prompt(&screen).unwrap().starts_with("[Pick:"),
            "pick {i}:\n{screen}"
        );
        screen = tmux.answer(t);
    }
    // The turn's header, its troops (3 for 5 territories and 1 for Continent 1), and the
    // bonus troop asked for first.
    assert!(
        screen.contains(
            "== Turn 1/48, your turn: Place 4 troops: 3 for 5 territories + 1 Continent 1"
        ),
        "{screen}"
    );
    assert!(
        prompt(&screen)
            .unwrap()
            .contains("4 left, 1 in Continent 1"),
        "{screen}"
    );
    assert_eq!(left(&screen), 4);
    // Nonsense is asked again, and the bonus must go in its continent.
    screen = tmux.answer("atlantis");
    assert!(
        screen.contains("No territory is called 'atlantis'"),
        "{screen}"
    );
    screen = tmux.answer("4");
    assert!(screen.contains("T4 is not in Continent 1"), "{screen}");
    assert_eq!(left(&screen), 4);
    screen = tmux.answer("2");
    assert_eq!(left(&screen), 3, "{screen}");
    screen = tmux.answer("3 1");
    assert_eq!(left(&screen), 2, "{screen}");
    // The rest at once: the attack phase opens.
    screen = tmux.answer("3 all");
    assert!(screen.contains("Placed 2 on T3 (now 4)."), "{screen}");
    assert!(screen.contains("your turn: Attack"), "{screen}");
    assert!(prompt(&screen).unwrap().contains("Attack]"), "{screen}");
    // Choosing an attack shows both armies, their dice and the odds, before rolling.
    screen = tmux.answer("t3 t5");
    assert!(screen.contains("T3 4 troops vs T5 1 troop."), "{screen}");
    // Three dice against one: 855 of 1296 throws win; attacking on wins more often.
    assert!(
        screen.contains("3 dice vs 1: win 66%, lose 34%; blitz wins 9"),
        "{screen}"
    );
    assert!(prompt(&screen).unwrap().contains("Enter rolls"), "{screen}");
    // Enter rolls: the faces of both sides' dice.
    screen = tmux.answer("");
    let told = screen
        .lines()
        .find(|l| l.starts_with("You attacked T5 from T3: "))
        .unwrap_or_else(|| panic!("no throw told:\n{screen}"));
    let dice = told["You attacked T5 from T3: ".len()..]
        .split(['-', ';', '.'])
        .next()
        .unwrap();
    let (attack, defence) = dice.trim().split_once(" vs ").unwrap();
    let faces = |s: &str| -> Vec<u32> { s.split(' ').map(|d| d.parse().unwrap()).collect() };
    assert_eq!(faces(attack).len(), 3, "{told}");
    assert_eq!(faces(defence).len(), 1, "{told}");
    assert!(
        faces(attack)
            .iter()
            .chain(&faces(defence))
            .all(|d| (1..=6).contains(d))
    );
    // Stop attacking, look at the board, and move two troops in one command.
    screen = tmux.answer("done");
    assert!(screen.contains("your turn: Fortify"), "{screen}");
    screen = tmux.answer("b");
    let before = my_troops(&screen);
    let map = read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../risk/data/maps/map8.json"));
    let borders: Vec<(u32, u32)> = map["borders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (int(&b[0]) as u32, int(&b[1]) as u32))
        .collect();
    let troops = |t: u32, of: &[(u32, u32)]| of.iter().find(|&&(u, _)| u == t).map(|&(_, n)| n);
    let (from, to) = borders
        .iter()
        .flat_map(|&(a, b)| [(a, b), (b, a)])
        .find(|&(a, b)| troops(a, &before).is_some_and(|n| n >= 3) && troops(b, &before).is_some())
        .unwrap_or_else(|| panic!("no move of two troops on this board:\n{screen}"));
    screen = tmux.answer(&format!("{from} {to} 2"));
    assert!(screen.contains("Moved 2 from"), "{screen}");
    screen = tmux.answer("b");
    let after = my_troops(&screen);
    assert_eq!(
        troops(from, &after),
        troops(from, &before).map(|n| n - 2),
        "{screen}"
    );
    assert_eq!(
        troops(to, &after),
        troops(to, &before).map(|n| n + 2),
        "{screen}"
    );
    // End the turn: the opponent's turn is told, and the next one opens.
    screen = tmux.answer("");
    assert!(screen.contains("Their turn 2/48"), "{screen}");
    assert!(
        screen.contains("== Turn 3/48, your turn: Place"),
        "{screen}"
    );
    // Help fits on the screen with the prompt.
    screen = tmux.answer("help");
    assert!(screen.contains("Fortify   11 10 3"), "{screen}");
    // Leave: the rule agent finishes the match, and the verdict is shown.
    tmux.send("quit");
    let end = tmux.wait("the verdict", |s| {
        s.contains("You won!") || s.contains("The agent won.") || s.contains("A draw")
    });
    assert!(end.contains("the rule agent plays on"), "{end}");
}
