/// A key the user pressed.
public enum Key: Hashable, Sendable {
    /// An arrow key.
    case up, down
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Home and End.
    case home, end
    /// Return.
    case enter
    /// Esc, alone (not the start of an escape sequence).
    case escape
    /// Backspace or Delete.
    case backspace
    /// Tab.
    case tab
    /// Ctrl-C (the terminal is in raw mode, so it arrives as a key rather than a signal).
    case interrupt
    /// A printable character.
    case character(Character)
}
